import { createTheme, type ThemeOptions } from '@mui/material/styles';

/**
 * Tertulia's look, in one place (issue 11): a deep teal for the product, a terracotta accent for
 * the conversation (tertulia: a gathering to talk), on a warm paper background. Every text colour
 * meets WCAG AA on the surfaces it is used on (checked by axe-core in tests/e2e/accessibility):
 * primary #1d5c6b on white 7.5:1, secondary #a8441f on white 6.0:1, text.secondary #545a60 on the
 * background #f7f5f0 6.4:1 (primary.light is for drawings only: 3.3:1). Rounded shapes, a calm type scale in the system's own sans-serif (no
 * web font to download), buttons in sentence case. A keyboard focus ring that MUI's own
 * `outline: 0` cannot hide: near-black on light surfaces and on the header, white on snackbars.
 */
const focusRing = { outline: '3px solid #111 !important', outlineOffset: '2px' };

const FONT = ['"Segoe UI"', 'system-ui', '-apple-system', 'Roboto', '"Helvetica Neue"', 'Arial', 'sans-serif'].join(',');

/** The options, for a theme built on another's (the back-office's, over react-admin's). */
export const themeOptions: ThemeOptions = {
  palette: {
    primary: { main: '#1d5c6b', light: '#5e95a3', dark: '#0f3d48', contrastText: '#ffffff' },
    secondary: { main: '#a8441f', light: '#d9774f', dark: '#7a2e12', contrastText: '#ffffff' },
    success: { main: '#2e7031' },
    error: { main: '#b3261e' },
    warning: { main: '#8a5a00', contrastText: '#ffffff' },
    info: { main: '#1d5c6b' },
    background: { default: '#f7f5f0', paper: '#ffffff' },
    text: { primary: '#1e2428', secondary: '#545a60' },
    divider: 'rgba(30, 36, 40, 0.14)',
  },
  shape: { borderRadius: 10 },
  spacing: 8,
  typography: {
    fontFamily: FONT,
    h1: { fontWeight: 700, letterSpacing: '-0.02em' },
    h2: { fontWeight: 700, letterSpacing: '-0.01em' },
    h3: { fontWeight: 700 },
    h4: { fontWeight: 700, fontSize: '1.9rem', letterSpacing: '-0.01em' },
    h5: { fontWeight: 700 },
    h6: { fontWeight: 650 },
    subtitle1: { fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600, letterSpacing: 0 },
  },
  components: {
    // An unselected toggle button's text is action.active by default (4.47:1 on the paper): AA needs 4.5.
    MuiToggleButton: { styleOverrides: { root: { color: '#545a60' } } },
    MuiCssBaseline: {
      styleOverrides: {
        ':is(a, button, [role="button"], [tabindex]:not([tabindex="-1"])):focus-visible, .Mui-focusVisible': focusRing,
        '.notistack-MuiContent :is(a, button):focus-visible': { outlineColor: '#fff !important' },
        // A person who asked their system for less motion gets none (WCAG 2.3.3): no spinning,
        // pulsing, sliding or fading; what changes, changes at once.
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': {
            animationDuration: '0.01ms !important',
            animationIterationCount: '1 !important',
            transitionDuration: '0.01ms !important',
            scrollBehavior: 'auto !important',
          },
        },
        '.visually-hidden': {
          position: 'absolute',
          width: 1,
          height: 1,
          margin: -1,
          padding: 0,
          overflow: 'hidden',
          clip: 'rect(0 0 0 0)',
          whiteSpace: 'nowrap',
          border: 0,
        },
      },
    },
    MuiAppBar: {
      defaultProps: { elevation: 0 },
      styleOverrides: { root: { borderBottom: '3px solid #a8441f' } },
    },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: 999, paddingInline: 18 } },
    },
    MuiCard: { styleOverrides: { root: { borderRadius: 14 } } },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 14 } } },
    MuiChip: { styleOverrides: { root: { fontWeight: 600 } } },
    MuiTextField: { defaultProps: { variant: 'outlined' } },
    MuiTableCell: { styleOverrides: { head: { fontWeight: 700 } } },
    // Links are underlined (not told apart by colour alone, WCAG 1.4.1).
    MuiLink: { defaultProps: { underline: 'always' } },
  },
};

export const theme = createTheme(themeOptions);
