/**
 * Friendly illustrations drawn for Tertulia in SVG (no image files, no licence to track): they take
 * the theme's colours, scale to their box, and are decorative (hidden from assistive technology;
 * the text beside them says everything). Used by EmptyState, the billboard and the dialogs.
 */
import { useTheme } from '@mui/material/styles';
import type { ReactNode } from 'react';

export interface IllustrationProps {
  /** Width in px (the height follows the drawing's proportions). */
  size?: number;
}

function Svg({ size = 160, viewBox, children }: IllustrationProps & { viewBox: string; children: ReactNode }) {
  const [, , w, h] = viewBox.split(' ').map(Number);
  return (
    <svg
      width={size}
      height={(size * h) / w}
      viewBox={viewBox}
      aria-hidden="true"
      focusable="false"
      style={{ display: 'block', maxWidth: '100%', height: 'auto' }}
    >
      {children}
    </svg>
  );
}

function useColors() {
  const { palette } = useTheme();
  return {
    ink: palette.primary.dark,
    main: palette.primary.main,
    soft: palette.primary.light,
    wash: palette.mode === 'dark' ? palette.grey[800] : '#e8f1f2',
    accent: palette.secondary.main,
    sun: '#f2b84b',
    paper: palette.background.paper,
  };
}

/** Two speech bubbles in conversation: conversations, the planner, the billboard. */
export function ConversationIllustration(props: IllustrationProps) {
  const c = useColors();
  return (
    <Svg {...props} viewBox="0 0 200 140">
      <ellipse cx="100" cy="128" rx="80" ry="8" fill={c.wash} />
      <path d="M22 22h96a12 12 0 0 1 12 12v38a12 12 0 0 1-12 12H58l-20 16 4-16H22a12 12 0 0 1-12-12V34a12 12 0 0 1 12-12z" fill={c.main} />
      <circle cx="46" cy="53" r="6" fill={c.paper} />
      <circle cx="70" cy="53" r="6" fill={c.paper} />
      <circle cx="94" cy="53" r="6" fill={c.paper} />
      <path
        d="M178 50h-76a12 12 0 0 0-12 12v34a12 12 0 0 0 12 12h54l18 14-3-14h7a12 12 0 0 0 12-12V62a12 12 0 0 0-12-12z"
        fill={c.accent}
      />
      <path d="M108 74h56M108 88h38" stroke={c.paper} strokeWidth="7" strokeLinecap="round" />
    </Svg>
  );
}

/** A stack of books: courses. */
export function BooksIllustration(props: IllustrationProps) {
  const c = useColors();
  return (
    <Svg {...props} viewBox="0 0 200 140">
      <ellipse cx="100" cy="128" rx="78" ry="8" fill={c.wash} />
      <rect x="40" y="96" width="120" height="26" rx="5" fill={c.main} />
      <rect x="48" y="103" width="60" height="5" rx="2.5" fill={c.paper} opacity="0.8" />
      <rect x="52" y="68" width="104" height="26" rx="5" fill={c.accent} />
      <rect x="60" y="75" width="48" height="5" rx="2.5" fill={c.paper} opacity="0.8" />
      <rect x="44" y="40" width="110" height="26" rx="5" fill={c.ink} />
      <rect x="52" y="47" width="54" height="5" rx="2.5" fill={c.paper} opacity="0.8" />
      <path d="M138 40V18l8 6 8-6v22" fill={c.sun} />
    </Svg>
  );
}

/** A compass: adventures. */
export function CompassIllustration(props: IllustrationProps) {
  const c = useColors();
  return (
    <Svg {...props} viewBox="0 0 200 140">
      <ellipse cx="100" cy="128" rx="70" ry="8" fill={c.wash} />
      <circle cx="100" cy="66" r="54" fill={c.main} />
      <circle cx="100" cy="66" r="44" fill={c.paper} />
      <path d="M100 30l12 36h-24z" fill={c.accent} />
      <path d="M100 102l-12-36h24z" fill={c.ink} />
      <circle cx="100" cy="66" r="6" fill={c.sun} />
      <path d="M100 14v8M100 110v8M48 66h8M144 66h8" stroke={c.paper} strokeWidth="4" strokeLinecap="round" />
    </Svg>
  );
}

/** A calendar page with a tick: reserving time, availability, nothing planned. */
export function CalendarIllustration(props: IllustrationProps) {
  const c = useColors();
  return (
    <Svg {...props} viewBox="0 0 200 140">
      <ellipse cx="100" cy="128" rx="74" ry="8" fill={c.wash} />
      <rect x="46" y="22" width="108" height="96" rx="10" fill={c.paper} stroke={c.main} strokeWidth="5" />
      <path d="M46 32a10 10 0 0 1 10-10h88a10 10 0 0 1 10 10v16H46z" fill={c.main} />
      <path d="M72 14v18M128 14v18" stroke={c.ink} strokeWidth="6" strokeLinecap="round" />
      {[0, 1, 2, 3].map((col) =>
        [0, 1].map((row) => <rect key={`${col}-${row}`} x={60 + col * 22} y={60 + row * 22} width="14" height="12" rx="3" fill={c.wash} />),
      )}
      <circle cx="148" cy="104" r="20" fill={c.accent} />
      <path d="M139 104l6 6 12-13" stroke={c.paper} strokeWidth="5" fill="none" strokeLinecap="round" strokeLinejoin="round" />
    </Svg>
  );
}

/** A sun over two people talking: the welcome and the billboard. */
export function WelcomeIllustration(props: IllustrationProps) {
  const c = useColors();
  return (
    <Svg {...props} viewBox="0 0 240 150">
      <circle cx="120" cy="58" r="34" fill={c.sun} opacity="0.9" />
      <ellipse cx="120" cy="140" rx="100" ry="9" fill={c.wash} />
      <circle cx="70" cy="62" r="16" fill={c.ink} />
      <path d="M42 136c0-28 12-48 28-48s28 20 28 48z" fill={c.main} />
      <circle cx="170" cy="62" r="16" fill={c.ink} />
      <path d="M142 136c0-28 12-48 28-48s28 20 28 48z" fill={c.accent} />
      <path
        d="M96 26h48a8 8 0 0 1 8 8v14a8 8 0 0 1-8 8h-18l-10 8 2-8h-22a8 8 0 0 1-8-8V34a8 8 0 0 1 8-8z"
        fill={c.paper}
        stroke={c.main}
        strokeWidth="3"
      />
      <path d="M106 41h28" stroke={c.main} strokeWidth="4" strokeLinecap="round" />
    </Svg>
  );
}

/** A magnifying glass over a page: nothing found. */
export function SearchIllustration(props: IllustrationProps) {
  const c = useColors();
  return (
    <Svg {...props} viewBox="0 0 200 140">
      <ellipse cx="100" cy="128" rx="70" ry="8" fill={c.wash} />
      <rect x="50" y="16" width="80" height="100" rx="8" fill={c.paper} stroke={c.soft} strokeWidth="4" />
      <path d="M64 40h52M64 56h40M64 72h46" stroke={c.wash} strokeWidth="7" strokeLinecap="round" />
      <circle cx="124" cy="80" r="24" fill="none" stroke={c.main} strokeWidth="8" />
      <path d="M141 97l20 20" stroke={c.accent} strokeWidth="10" strokeLinecap="round" />
    </Svg>
  );
}
