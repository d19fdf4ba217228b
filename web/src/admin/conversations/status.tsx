/** Conversation statuses and markings as the spec shows them (spec 2, section 4). */
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';

/** Filter labels: 'Unused' is the filter's name for what a row shows as 'Stopped*'. */
export const STATUS_FILTER_CHOICES = [
  { id: 'reserved', name: 'Reserved' },
  { id: 'opened', name: 'Opened' },
  { id: 'started', name: 'Started' },
  { id: 'stopped', name: 'Stopped' },
  { id: 'unused', name: 'Unused' },
];

const STATUS_CHIP: Record<string, { label: string; color: 'default' | 'info' | 'success' | 'warning' }> = {
  reserved: { label: 'Reserved', color: 'info' },
  opened: { label: 'Opened', color: 'success' },
  started: { label: 'Started', color: 'success' },
  stopped: { label: 'Stopped', color: 'default' },
  unused: { label: 'Stopped*', color: 'warning' },
};

export const MARKING_LABELS: Record<string, string> = {
  completed: 'Completed',
  missed: 'Missed',
  reserved_by_user_issue: 'Tech Issue',
  reserved_with_user_issue: 'Speaker Issue',
};

export function ConversationStatus({ status, isCanceled, markedAs }: { status: string; isCanceled?: boolean; markedAs?: string | null }) {
  const chip = STATUS_CHIP[status] ?? { label: status, color: 'default' as const };
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
      {isCanceled ? (
        <Chip size="small" label="Canceled" color="error" variant="outlined" />
      ) : (
        <Chip
          size="small"
          label={chip.label}
          color={chip.color}
          title={status === 'unused' ? 'Stopped without a conversation (unused)' : undefined}
        />
      )}
      {markedAs && <Chip size="small" variant="outlined" label={MARKING_LABELS[markedAs] ?? markedAs} />}
    </Stack>
  );
}
