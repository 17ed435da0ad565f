import { alpha, createTheme, type Theme } from '@mui/material/styles';
import { ssrMatchMedia } from './viewport';

declare module '@mui/material/styles' {
  interface BreakpointOverrides {
    xxl: true;
  }
}

export interface ThemeColours {
  primary_main: string;
  primary_light: string;
  secondary_main: string;
  secondary_light: string;
  background_paper: string;
  background_default: string;
}

/** The product's own palette (spec 000 §9: default primary #BE185D). */
export const DEFAULT_COLOURS: ThemeColours = {
  primary_main: '#BE185D',
  primary_light: '#FCE7F3',
  secondary_main: '#1E293B',
  secondary_light: '#E2E8F0',
  background_paper: '#FFFFFF',
  background_default: '#F8FAFC',
};

/** Breakpoints of spec 000 §9; `xxl` is the spec's 2xl. */
export const BREAKPOINTS = { xs: 0, sm: 640, md: 768, lg: 1024, xl: 1280, xxl: 1536 } as const;

// The colour notations MUI can work with; anything else (a typo, a colour name) would make
// createTheme throw and take the whole app down, so it falls back to the default.
const COLOUR = /^(#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})|(rgba?|hsla?)\([^()]*\))$/i;

function colour(value: string | null | undefined, fallback: string): string {
  const trimmed = value?.trim();
  return trimmed && COLOUR.test(trimmed) ? trimmed : fallback;
}

/** Every colour the tenant configured, with the default for any missing or unusable one. */
export function resolveColours(colours: Partial<ThemeColours> | null | undefined): ThemeColours {
  const resolved = { ...DEFAULT_COLOURS };
  for (const key of Object.keys(DEFAULT_COLOURS) as (keyof ThemeColours)[]) {
    resolved[key] = colour(colours?.[key], DEFAULT_COLOURS[key]);
  }
  return resolved;
}

/** The tenant's palette on Inter, with the spec's breakpoints (sm 640 … 2xl 1536). */
export function buildTheme(colours?: Partial<ThemeColours> | null): Theme {
  const c = resolveColours(colours);
  const focusRing = {
    outline: `3px solid ${alpha(c.primary_main, 0.55)}`,
    outlineOffset: 2,
  };
  return createTheme({
    palette: {
      primary: { main: c.primary_main, light: c.primary_light },
      secondary: { main: c.secondary_main, light: c.secondary_light },
      background: { paper: c.background_paper, default: c.background_default },
    },
    breakpoints: { values: { ...BREAKPOINTS } },
    typography: {
      fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
      button: { textTransform: 'none', fontWeight: 600 },
    },
    shape: { borderRadius: 10 },
    components: {
      // A prerendered page is hydrated at the width it was rendered for (lib/viewport.ts).
      MuiUseMediaQuery: { defaultProps: { ssrMatchMedia } },
      MuiCssBaseline: {
        styleOverrides: {
          // A visible ring for keyboard focus on every control, in the tenant's colour. The
          // selectors outrank the `outline: 0` of MUI's own controls.
          ':is(a, button, input, select, textarea, summary, [tabindex]):focus-visible': focusRing,
          '.MuiButtonBase-root.Mui-focusVisible': focusRing,
        },
      },
    },
  });
}
