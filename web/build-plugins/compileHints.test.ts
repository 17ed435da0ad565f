import { describe, expect, it } from 'vitest';
import { addCompileHints, COMPILE_HINT } from './compileHints';

describe('addCompileHints', () => {
  it('puts the hint on the first line of the named chunks only, once', () => {
    const bundle = {
      'assets/index-1.js': { type: 'chunk' as const, name: 'index', code: 'const a=1;' },
      'assets/shell-2.js': { type: 'chunk' as const, name: 'shell', code: `${COMPILE_HINT}const b=2;` },
      'assets/JobPage-3.js': { type: 'chunk' as const, name: 'JobPage', code: 'const c=3;' },
      'assets/index-1.css': { type: 'asset' as const },
    };
    addCompileHints(bundle, new Set(['index', 'shell']));
    addCompileHints(bundle, new Set(['index', 'shell']));
    expect(bundle['assets/index-1.js'].code).toBe(`//# allFunctionsCalledOnLoad\nconst a=1;`);
    expect(bundle['assets/shell-2.js'].code).toBe(`${COMPILE_HINT}const b=2;`);
    expect(bundle['assets/JobPage-3.js'].code).toBe('const c=3;');
  });
});
