import { createTheme } from '@mui/material/styles';

/**
 * One theme: MUI defaults (AA contrast on white) plus a keyboard focus ring that MUI's own
 * `outline: 0` cannot hide: near-black on light surfaces and on the blue header, white on snackbars.
 */
const focusRing = { outline: '3px solid #111 !important', outlineOffset: '2px' };

export const theme = createTheme({
  palette: { primary: { main: '#1565c0' }, secondary: { main: '#6a1b9a' } },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        ':is(a, button, [role="button"], [tabindex]:not([tabindex="-1"])):focus-visible, .Mui-focusVisible': focusRing,
        '.notistack-MuiContent :is(a, button):focus-visible': { outlineColor: '#fff !important' },
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
  },
});
