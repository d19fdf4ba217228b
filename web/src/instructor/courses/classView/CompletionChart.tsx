/**
 * The class's progress per lesson as stacked bars (issue 35): complete, held and reserved out of the
 * class, one bar a lesson; a small SVG, no chart library. Its words are the figure's label, read by
 * screen readers in place of the picture.
 */
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import type { ClassCellState } from '../../../gql/graphql';
import { useT } from '../../../i18n/useT';
import type { ClassLesson, ClassStudent } from './operations';

const BAR = 28;
const GAP = 10;
const HEIGHT = 120;
const STACK: ClassCellState[] = ['complete', 'held', 'reserved'];

export function CompletionChart({ lessons, students }: { lessons: readonly ClassLesson[]; students: readonly ClassStudent[] }) {
  const t = useT();
  const theme = useTheme();
  const colors: Record<string, string> = {
    complete: theme.palette.success.main,
    held: theme.palette.info.main,
    reserved: theme.palette.primary.light,
  };
  const total = Math.max(1, students.length);
  const counts = lessons.map((_, i) =>
    Object.fromEntries(STACK.map((state) => [state, students.filter((s) => s.states[i] === state).length])),
  );
  const label = t('classView.chart.label', {
    lessons: lessons
      .map((l, i) => t('classView.chart.lesson', { order: l.order, complete: counts[i].complete, total: students.length }))
      .join('; '),
  });
  const width = lessons.length * (BAR + GAP) + GAP;
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Box sx={{ overflowX: 'auto' }}>
        <svg width={width} height={HEIGHT + 20} role="img" aria-label={label}>
          {lessons.map((l, i) => {
            let y = HEIGHT;
            const x = GAP + i * (BAR + GAP);
            return (
              <g key={l.lessonId}>
                <rect x={x} y={0} width={BAR} height={HEIGHT} fill={theme.palette.action.hover} />
                {STACK.map((state) => {
                  const h = (counts[i][state] / total) * HEIGHT;
                  y -= h;
                  return h > 0 ? <rect key={state} x={x} y={y} width={BAR} height={h} fill={colors[state]} /> : null;
                })}
                <text x={x + BAR / 2} y={HEIGHT + 15} textAnchor="middle" fontSize="11" fill={theme.palette.text.secondary}>
                  {l.order}
                </text>
              </g>
            );
          })}
        </svg>
      </Box>
      <Box component="figcaption" sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', typography: 'caption', color: 'text.secondary' }}>
        {STACK.map((state) => (
          <Box key={state} component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            <Box component="span" sx={{ width: 10, height: 10, bgcolor: colors[state], display: 'inline-block' }} />
            {t(`classView.state.${state}`)}
          </Box>
        ))}
        <span>{t('classView.chart.axis')}</span>
      </Box>
    </Box>
  );
}
