/**
 * A week-by-week bar chart (issue 35, the student's progress): a small SVG, no chart library. Bars are
 * placed in percentages of the width so the chart fills any width (375 px included) while its text
 * keeps its size; its title and description (every week's value in words) are what screen readers
 * read, and the page's table holds the same numbers.
 */
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { formatMonthDay } from '../../lib/time';

const HEIGHT = 140;
const TOP = 16;
const AXIS = 20;
/** At most this many week labels under the axis (more would collide on a phone). */
const MAX_LABELS = 6;

export interface WeeklyBarChartProps {
  id: string;
  title: string;
  /** Every week's value in words, in order: the figure's description. */
  description: string;
  /** The weeks' Mondays, oldest first. */
  weeks: readonly string[];
  /** A value per week; null draws no bar (nothing to show that week). */
  values: readonly (number | null)[];
  /** The top of the scale (at least the largest value). */
  max: number;
  /** A value as written above its bar. */
  format: (value: number) => string;
  color: string;
}

export function WeeklyBarChart({ id, title, description, weeks, values, max, format, color }: WeeklyBarChartProps) {
  const theme = useTheme();
  const slot = 100 / Math.max(1, weeks.length);
  const step = Math.ceil(weeks.length / MAX_LABELS);
  const scale = Math.max(max, ...values.map((v) => v ?? 0), 1);
  return (
    <Box component="figure" sx={{ m: 0 }} data-testid={id}>
      <svg
        width="100%"
        height={TOP + HEIGHT + AXIS}
        role="img"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-desc`}
        style={{ display: 'block', overflow: 'visible' }}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        <line x1="0" x2="100%" y1={TOP + HEIGHT} y2={TOP + HEIGHT} stroke={theme.palette.divider} />
        {weeks.map((week, i) => {
          const value = values[i];
          const h = value ? (value / scale) * HEIGHT : 0;
          const center = `${slot * i + slot / 2}%`;
          return (
            <g key={week}>
              {value !== null && h > 0 && (
                <rect x={`${slot * i + slot * 0.15}%`} y={TOP + HEIGHT - h} width={`${slot * 0.7}%`} height={h} rx={2} fill={color} />
              )}
              {value !== null && value > 0 && (
                <text x={center} y={TOP + HEIGHT - h - 4} textAnchor="middle" fontSize="11" fill={theme.palette.text.primary}>
                  {format(value)}
                </text>
              )}
              {i % step === (weeks.length - 1) % step && (
                <text x={center} y={TOP + HEIGHT + 15} textAnchor="middle" fontSize="11" fill={theme.palette.text.secondary}>
                  {formatMonthDay(week)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
    </Box>
  );
}
