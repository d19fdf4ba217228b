/**
 * /admin/speakers/candidates (spec 3's "instructor candidates" table): everyone with a speaking record
 * and where they stand (waiting for an interview, interviewing, promoted, declined), with the
 * interview and evaluation times, languages and pay rate; paged, sorted and filtered on the server.
 * A row opens the speaker's speaking settings.
 */
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useRecordContext } from 'react-admin';
import { languageName } from '../../lib/languageName';
import { formatMoney } from '../../../../contracts/money';
import { EmptyState } from '../../components/EmptyState';
import { Page } from '../../components/Page';
import type { MessageId } from '../../i18n/catalog';
import { type Translate, useT } from '../../i18n/useT';
import { defaultTableState } from '../dataProvider/tableState';
import { CursorListView, type Column } from '../list/CursorListView';
import type { FilterField } from '../list/FilterBar';
import { TextValue, TimeField } from '../list/fields';
import { useCursorList } from '../list/useCursorList';

const DEFAULTS = defaultTableState({ sort: [{ field: 'openedOn', sort: 'desc' }] });

const STAGES = {
  waiting: { label: 'admin.candidates.stage.waiting', color: 'default' },
  interviewing: { label: 'admin.candidates.stage.interviewing', color: 'info' },
  promoted: { label: 'admin.candidates.stage.promoted', color: 'success' },
  declined: { label: 'admin.candidates.stage.declined', color: 'error' },
} as const satisfies Record<string, { label: MessageId; color: 'default' | 'info' | 'success' | 'error' }>;
type StageName = keyof typeof STAGES;
const isStage = (stage: string): stage is StageName => stage in STAGES;

const filters = (t: Translate): FilterField[] => [
  { source: 'emailAddress', label: t('admin.candidates.email'), kind: 'text' },
  { source: 'displayName', label: t('admin.candidates.name'), kind: 'text' },
  {
    source: 'stage',
    label: t('admin.candidates.stage'),
    kind: 'choice',
    choices: Object.entries(STAGES).map(([id, s]) => ({ id, name: t(s.label) })),
  },
  { source: 'interviewedOn', label: t('admin.candidates.interviewed'), kind: 'date' },
  { source: 'evaluatedOn', label: t('admin.candidates.evaluated'), kind: 'date' },
];

type Cell = { source?: string; label?: string; sortable?: boolean };

function Stage(_: Cell) {
  const t = useT();
  const candidate = useRecordContext<{ stage: string }>();
  const stage = candidate && isStage(candidate.stage) ? STAGES[candidate.stage] : null;
  return stage ? <Chip size="small" label={t(stage.label)} color={stage.color} variant="outlined" /> : null;
}

function Languages(_: Cell) {
  const candidate = useRecordContext<{ languages: string[] }>();
  if (!candidate) return null;
  return <Typography variant="body2">{candidate.languages.length ? candidate.languages.map(languageName).join(', ') : '—'}</Typography>;
}

function PayRate(_: Cell) {
  const t = useT();
  const candidate = useRecordContext<{ payRate: number }>();
  return candidate ? (
    <Typography variant="body2">{t('admin.candidates.perHour', { amount: formatMoney(candidate.payRate) })}</Typography>
  ) : null;
}

export function CandidatesPage() {
  const t = useT();
  const list = useCursorList({ resource: 'speaker_candidates', defaults: DEFAULTS });
  const columns: Column[] = [
    { source: 'emailAddress', label: t('admin.candidates.email'), field: <TextValue source="emailAddress" /> },
    {
      source: 'displayName',
      label: t('admin.candidates.name'),
      field: <TextValue source="displayName" empty={t('admin.common.notSetYet')} />,
    },
    { source: 'stage', label: t('admin.candidates.stage'), field: <Stage /> },
    { source: 'interviewedOn', label: t('admin.candidates.interviewed'), field: <TimeField source="interviewedOn" /> },
    { source: 'evaluatedOn', label: t('admin.candidates.evaluated'), field: <TimeField source="evaluatedOn" /> },
    { source: 'languages', label: t('admin.candidates.languages'), field: <Languages />, sortable: false },
    { source: 'payRate', label: t('admin.candidates.payRate'), field: <PayRate /> },
    { source: 'openedOn', label: t('admin.candidates.accepted'), field: <TimeField source="openedOn" />, defaultVisible: false },
  ];
  return (
    <Page title={t('admin.candidates.title')}>
      <CursorListView
        list={list}
        columns={columns}
        filters={filters(t)}
        rowClick={(id) => `/admin/speakers/${encodeURIComponent(String(id))}/speaking`}
        empty={<EmptyState compact title={t('admin.candidates.empty')} description={t('admin.candidates.emptyHelp')} />}
      />
    </Page>
  );
}
