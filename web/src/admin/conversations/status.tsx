/** Conversation statuses and markings as the spec shows them (spec 2, section 4). */
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { MessageId } from '../../i18n/catalog';
import { type Translate, useT } from '../../i18n/useT';

const STATUSES = ['reserved', 'opened', 'started', 'stopped', 'unused'] as const;

/** Filter labels: 'Unused' is the filter's name for what a row shows as 'Stopped*'. */
export const statusFilterChoices = (t: Translate) => STATUSES.map((id) => ({ id, name: t(`admin.status.${id}`) }));

const STATUS_CHIP: Record<string, { label: MessageId; color: 'default' | 'info' | 'success' | 'warning' }> = {
  reserved: { label: 'admin.status.reserved', color: 'info' },
  opened: { label: 'admin.status.opened', color: 'success' },
  started: { label: 'admin.status.started', color: 'success' },
  stopped: { label: 'admin.status.stopped', color: 'default' },
  unused: { label: 'admin.status.unusedChip', color: 'warning' },
};

const MARKINGS = ['completed', 'missed', 'reserved_by_user_issue', 'reserved_with_user_issue'] as const;
type Marking = (typeof MARKINGS)[number];
const isMarking = (marking: string): marking is Marking => (MARKINGS as readonly string[]).includes(marking);

export const markingChoices = (t: Translate) => MARKINGS.map((id) => ({ id, name: t(`admin.marking.${id}`) }));

export function ConversationStatus({ status, isCanceled, markedAs }: { status: string; isCanceled?: boolean; markedAs?: string | null }) {
  const t = useT();
  const chip = STATUS_CHIP[status];
  const unused = status === 'unused';
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
      {isCanceled ? (
        <Chip size="small" label={t('admin.status.canceled')} color="error" variant="outlined" />
      ) : (
        <Chip
          size="small"
          label={chip ? t(chip.label) : status}
          color={chip?.color ?? 'default'}
          title={unused ? t('admin.status.unusedTitle') : undefined}
        />
      )}
      {markedAs && <Chip size="small" variant="outlined" label={isMarking(markedAs) ? t(`admin.marking.${markedAs}`) : markedAs} />}
    </Stack>
  );
}
