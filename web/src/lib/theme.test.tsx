import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { useTheme } from '@mui/material/styles';
import AppProviders from '../app/providers';
import { buildTheme, DEFAULT_COLOURS, resolveColours } from './theme';
import { createQueryClient } from './queryClient';
import { configHandler, server } from '../test/server';
import { configFixture } from '../test/fixtures';

describe('buildTheme', () => {
  it('uses the tenant colours', () => {
    const theme = buildTheme({
      primary_main: '#1D4ED8',
      primary_light: '#DBEAFE',
      secondary_main: '#0F172A',
      secondary_light: '#CBD5E1',
      background_paper: '#FAFAFA',
      background_default: '#F1F5F9',
    });
    expect(theme.palette.primary.main).toBe('#1D4ED8');
    expect(theme.palette.primary.light).toBe('#DBEAFE');
    expect(theme.palette.secondary.main).toBe('#0F172A');
    expect(theme.palette.secondary.light).toBe('#CBD5E1');
    expect(theme.palette.background.paper).toBe('#FAFAFA');
    expect(theme.palette.background.default).toBe('#F1F5F9');
  });

  it('defaults to the pink primary, Inter and the spec breakpoints', () => {
    const theme = buildTheme();
    expect(theme.palette.primary.main).toBe('#BE185D');
    expect(theme.palette.background.default).toBe('#F8FAFC');
    expect(theme.typography.fontFamily).toMatch(/^Inter/);
    expect(theme.breakpoints.values).toEqual({ xs: 0, sm: 640, md: 768, lg: 1024, xl: 1280, xxl: 1536 });
    expect(theme.breakpoints.up('xxl')).toBe('@media (min-width:1536px)');
  });

  it('falls back per colour when a configured one is missing or unusable', () => {
    expect(resolveColours({ primary_main: 'hotpink', secondary_main: ' rgb(1, 2, 3) ', primary_light: '' })).toEqual({
      ...DEFAULT_COLOURS,
      secondary_main: 'rgb(1, 2, 3)',
    });
    expect(() => buildTheme({ primary_main: 'not a colour' })).not.toThrow();
  });
});

function PaletteProbe() {
  const { palette } = useTheme();
  return (
    <p>
      {palette.primary.main} {palette.secondary.main} {palette.background.default}
    </p>
  );
}

describe('AppProviders', () => {
  it('themes the app with the colours from the configuration', async () => {
    const base = configFixture().ui.theme;
    server.use(
      configHandler(
        configFixture({ ui: { theme: { ...base, primary_main: '#1D4ED8', secondary_main: '#111827', background_default: '#EEF2FF' } } }),
      ),
    );
    render(
      <AppProviders client={createQueryClient()}>
        <PaletteProbe />
      </AppProviders>,
    );
    expect(await screen.findByText('#1D4ED8 #111827 #EEF2FF')).toBeInTheDocument();
  });

  it('shows a spinner while the configuration loads', () => {
    render(
      <AppProviders client={createQueryClient()}>
        <PaletteProbe />
      </AppProviders>,
    );
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
  });
});
