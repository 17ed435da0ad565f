// React Router in declarative mode only (issue 30: the first screen's JavaScript). The app renders
// `useRoutes` in a history router (app/AppRoutes.tsx): no data router, no framework mode, no RSC.
// React Router ships all of them in one module, and some of their code stays in the bundle even
// though this app never reaches it: class components and `X.displayName = …` statements count as
// side effects for the bundler, and the declarative components keep references to framework
// branches they only take under a data router or a framework context (`<Link prefetch>`,
// `RenderErrorBoundary` around a data router's matches, `useNavigate`'s data-router variant,
// `<NavLink viewTransition>`).
//
// This plugin replaces those top-level declarations of React Router's production build with
// stand-ins that throw when called, so a change that starts using them (a data router, a
// `prefetch` other than "none", `<Form>`, `<ScrollRestoration>`) fails loudly at once instead of
// misbehaving. Statements setting a replaced component's `displayName` are dropped. Each name must
// be found once, else the build fails (a new React Router version: check the list again). Client
// build only: the tests and the prerender's server bundle run React Router unchanged.
import MagicString from 'magic-string';
import type { Plugin, ResolvedConfig } from 'vite';

const MESSAGE = 'this part of React Router is left out of the build (web/build-plugins/declarativeRouter.ts)';

/** Declarations reached only by a data router, framework mode or RSC. */
const UNUSED = [
  // <Form>, useSubmit and their submission helpers.
  'Form',
  'useSubmit',
  'useFormAction',
  'getFormSubmissionInfo',
  // <ScrollRestoration> (a data router's).
  'ScrollRestoration',
  'useScrollRestoration',
  // Framework mode's <Scripts> and root error boundary.
  'Scripts',
  'RemixErrorBoundary',
  'RemixRootDefaultErrorBoundary',
  'BoundaryShell',
  // <Await>'s error boundary.
  'AwaitErrorBoundary',
  // <Link prefetch>: needs framework mode's manifest.
  'PrefetchPageLinks',
  'PrefetchPageLinksImpl',
  'RSCPrefetchPageLinksImpl',
  'useKeyedPrefetchLinks',
  'getNewMatchesForLinks',
  // A data router's route error boundary and default error screen (declarative `useRoutes`
  // renders neither: _renderMatches wraps a match in them only when given a data router state).
  'RenderErrorBoundary',
  'DefaultErrorComponent',
  'RSCErrorHandler',
  // useNavigate inside a data router.
  'useNavigateStable',
  // <NavLink viewTransition> (only with a data router's state).
  'useViewTransitionState',
];

/**
 * Link's prefetch behaviour without framework mode: React Router's own returns `[false, ref, {}]`
 * whatever the `prefetch` prop when there is no framework context, which a declarative router
 * never has (its state and effects change nothing then). The ref it returns is only merged into
 * the anchor's ref, and mergeRefs skips null.
 */
const PREFETCH_BEHAVIOR = `function usePrefetchBehavior() {
  return [false, null, {}];
}`;

const PRODUCTION_BUILD = /[\\/]react-router[\\/]dist[\\/]production[\\/][^\\/]+\.mjs$/;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** The names a top-level statement declares. */
function declared(statement: Node): string[] {
  if (statement.type === 'FunctionDeclaration' || statement.type === 'ClassDeclaration') return [(statement.id as { name: string }).name];
  if (statement.type === 'VariableDeclaration') return (statement.declarations as { id: Node & { name?: string } }[]).flatMap((d) => (d.id.name ? [d.id.name] : []));
  return [];
}

/** The component of a `Name.displayName = …;` statement. */
function displayNameOf(statement: Node): string | null {
  if (statement.type !== 'ExpressionStatement') return null;
  const expression = statement.expression as Node;
  if (expression.type !== 'AssignmentExpression') return null;
  const left = expression.left as Node;
  if (left.type !== 'MemberExpression' || (left.property as { name?: string }).name !== 'displayName') return null;
  return (left.object as { name?: string }).name ?? null;
}

export default function declarativeRouter(): Plugin {
  let config: ResolvedConfig;
  const found = new Map<string, number>();
  return {
    name: 'waypoint:declarative-router',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    transform(code, id) {
      if (config.build.ssr || !PRODUCTION_BUILD.test(id)) return null;
      const program = this.parse(code) as unknown as { body: Node[] };
      const out = new MagicString(code);
      const stubbed = new Set([...UNUSED, 'usePrefetchBehavior']);
      for (const statement of program.body) {
        const names = declared(statement);
        const name = names.find((candidate) => stubbed.has(candidate));
        if (name) {
          if (names.length > 1) this.error(`declarativeRouter: ${name} is declared with ${names.join(', ')} in ${id}`);
          found.set(name, (found.get(name) ?? 0) + 1);
          const standIn =
            name === 'usePrefetchBehavior' ? PREFETCH_BEHAVIOR : `function ${name}() {\n  throw new Error(${JSON.stringify(`${name}: ${MESSAGE}`)});\n}`;
          out.overwrite(statement.start, statement.end, standIn);
          continue;
        }
        const component = displayNameOf(statement);
        if (component && stubbed.has(component)) out.remove(statement.start, statement.end);
      }
      if (!out.hasChanged()) return null;
      return { code: out.toString(), map: out.generateMap({ hires: true }) };
    },
    buildEnd(error) {
      if (error || config.build.ssr) return;
      const wrong = [...UNUSED, 'usePrefetchBehavior'].filter((name) => found.get(name) !== 1);
      if (wrong.length > 0) this.error(`declarativeRouter: not declared once in React Router's production build: ${wrong.join(', ')}`);
    },
  };
}
