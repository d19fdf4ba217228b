/**
 * Tabs that fit a phone: below the sm breakpoint they wrap into rows of `perRow` (labels may take
 * two lines; the selected tab is shaded and underlined, since the sliding indicator cannot follow
 * a wrapped row), never hiding tabs behind a scroll arrow. From sm they scroll as MUI's do.
 */
import type { Theme } from '@mui/material/styles';
import Tabs, { type TabsProps } from '@mui/material/Tabs';
import useMediaQuery from '@mui/material/useMediaQuery';

export function FitTabs({ perRow, sx, ...props }: Omit<TabsProps, 'variant' | 'scrollButtons'> & { perRow: number }) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  if (!narrow) return <Tabs {...props} sx={sx} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile />;
  return (
    <Tabs
      {...props}
      variant="fullWidth"
      sx={[
        {
          '& .MuiTabs-flexContainer': { flexWrap: 'wrap' },
          '& .MuiTabs-indicator': { display: 'none' },
          '& .MuiTab-root': {
            flex: `1 0 ${100 / perRow}%`,
            minWidth: 0,
            px: 1,
            lineHeight: 1.3,
            borderBottom: 2,
            borderColor: 'divider',
          },
          '& .MuiTab-root.Mui-selected': { bgcolor: 'action.selected', borderColor: 'primary.main' },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
