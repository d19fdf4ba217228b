/**
 * Asks before a rebuild, verify or resume of a read model: says what will happen and takes the
 * reason it is recorded with (required, at most 500 characters).
 */
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { READ_MODEL_REASON_MAX_LENGTH, readModelReasonProblem } from '../../../../contracts/validation/readModels';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormAlert } from '../../components/FormAlert';
import type { ReadModelData } from './operations';

export type Action = 'rebuild' | 'verify' | 'resume';

const LABEL: Record<Action, string> = { rebuild: 'Rebuild', verify: 'Verify', resume: 'Resume' };

function whatHappens(action: Action, model: ReadModelData): string {
  const name = model.id;
  if (action === 'rebuild') {
    return (
      `Tertulia reads the whole event log into fresh ${name} tables while the current ones keep answering, then swaps the new ones in at once. ` +
      'Nobody sees a change until the swap; a stopped read model starts again from the rebuild. Your reason is recorded in its history with the result.'
    );
  }
  if (action === 'verify') {
    return (
      `Tertulia replays the whole event log into scratch tables and compares them, table by table, with the live ${name} tables. ` +
      'Nothing the product shows changes. Your reason is recorded in its history with the differences found.'
    );
  }
  const failure = model.failure
    ? ` It stopped at ${model.failure.eventType} (${model.failure.streamId}, version ${model.failure.streamVersion}): ${model.failure.error}`
    : '';
  return `${name} tries the event it stopped at again, as it is: do this once the cause outside the log is fixed, or it stops there again.${failure} Your reason is recorded in its history.`;
}

export function OperationDialog({
  action,
  model,
  busy,
  problem,
  onClose,
  onConfirm,
}: {
  action: Action;
  model: ReadModelData;
  busy: boolean;
  /** The server's refusal, if any. */
  problem: string | null;
  onClose(): void;
  onConfirm(reason: string): void;
}) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const invalid = readModelReasonProblem(reason);
  return (
    <ConfirmDialog
      open
      title={`${LABEL[action]} ${model.id}?`}
      text={whatHappens(action, model)}
      confirmLabel={`${LABEL[action]} ${model.id}`}
      destructive={action === 'rebuild'}
      busy={busy}
      confirmDisabled={!!invalid}
      onClose={onClose}
      onConfirm={() => onConfirm(reason.trim())}
    >
      <TextField
        label="Reason"
        value={reason}
        onChange={(e) => setReason(e.target.value.slice(0, READ_MODEL_REASON_MAX_LENGTH))}
        onBlur={() => setTouched(true)}
        error={touched && !!invalid}
        helperText={touched && invalid ? invalid : `Why, for the record (${reason.length}/${READ_MODEL_REASON_MAX_LENGTH})`}
        fullWidth
        multiline
        minRows={2}
        required
        sx={{ mt: 2 }}
      />
      <FormAlert message={problem} />
    </ConfirmDialog>
  );
}
