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
import { defaultTableState } from '../dataProvider/tableState';
import { CursorListView, type Column } from '../list/CursorListView';
import type { FilterField } from '../list/FilterBar';
import { TextValue, TimeField } from '../list/fields';
import { useCursorList } from '../list/useCursorList';

const DEFAULTS = defaultTableState({ sort: [{ field: 'openedOn', sort: 'desc' }] });

const STAGES: Record<string, { label: string; color: 'default' | 'info' | 'success' | 'error' }> = {
  waiting: { label: 'Waiting for an interview', color: 'default' },
  interviewing: { label: 'Interviewed, not evaluated', color: 'info' },
  promoted: { label: 'Promoted', color: 'success' },
  declined: { label: 'Declined', color: 'error' },
};

const FILTERS: FilterField[] = [
  { source: 'emailAddress', label: 'Email', kind: 'text' },
  { source: 'displayName', label: 'Name', kind: 'text' },
  { source: 'stage', label: 'Stage', kind: 'choice', choices: Object.entries(STAGES).map(([id, s]) => ({ id, name: s.label })) },
  { source: 'interviewedOn', label: 'Interviewed', kind: 'date' },
  { source: 'evaluatedOn', label: 'Evaluated', kind: 'date' },
];

type Cell = { source?: string; label?: string; sortable?: boolean };

function Stage(_: Cell) {
  const candidate = useRecordContext<{ stage: string }>();
  const stage = candidate && STAGES[candidate.stage];
  return stage ? <Chip size="small" label={stage.label} color={stage.color} variant="outlined" /> : null;
}

function Languages(_: Cell) {
  const candidate = useRecordContext<{ languages: string[] }>();
  if (!candidate) return null;
  return <Typography variant="body2">{candidate.languages.length ? candidate.languages.map(languageName).join(', ') : '—'}</Typography>;
}

function PayRate(_: Cell) {
  const candidate = useRecordContext<{ payRate: number }>();
  return candidate ? <Typography variant="body2">{formatMoney(candidate.payRate)} / hour</Typography> : null;
}

export function CandidatesPage() {
  const list = useCursorList({ resource: 'speaker_candidates', defaults: DEFAULTS });
  const columns: Column[] = [
    { source: 'emailAddress', label: 'Email', field: <TextValue source="emailAddress" /> },
    { source: 'displayName', label: 'Name', field: <TextValue source="displayName" empty="Not set yet" /> },
    { source: 'stage', label: 'Stage', field: <Stage /> },
    { source: 'interviewedOn', label: 'Interviewed', field: <TimeField source="interviewedOn" /> },
    { source: 'evaluatedOn', label: 'Evaluated', field: <TimeField source="evaluatedOn" /> },
    { source: 'languages', label: 'Languages', field: <Languages />, sortable: false },
    { source: 'payRate', label: 'Pay rate', field: <PayRate /> },
    { source: 'openedOn', label: 'Accepted', field: <TimeField source="openedOn" />, defaultVisible: false },
  ];
  return (
    <Page title="Speaker candidates">
      <CursorListView
        list={list}
        columns={columns}
        filters={FILTERS}
        rowClick={(id) => `/admin/speakers/${encodeURIComponent(String(id))}/speaking`}
        empty={
          <EmptyState
            compact
            title="No candidates match these filters."
            description="Everyone who accepted a speaker invitation shows here; invite people from Speaker invitations."
          />
        }
      />
    </Page>
  );
}
