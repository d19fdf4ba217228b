import { createTheme } from '@mui/material/styles';

/** One theme: MUI defaults (AA contrast on white) plus an always-visible keyboard focus ring. */
export const theme = createTheme({
  palette: { primary: { main: '#1565c0' }, secondary: { main: '#6a1b9a' } },
  components: {
    MuiCssBaseline: {
      styleOverrides: {
        ':focus-visible': { outline: '3px solid #ff9800', outlineOffset: 2 },
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
