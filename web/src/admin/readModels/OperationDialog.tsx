/**
 * Asks before a rebuild, verify or resume of a read model: says what will happen and takes the
 * reason it is recorded with (required, at most 500 characters).
 */
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { READ_MODEL_REASON_MAX_LENGTH, readModelReasonProblem } from '../../../../contracts/validation/readModels';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { FormAlert } from '../../components/FormAlert';
import { type Translate, useT } from '../../i18n/useT';
import type { ReadModelData } from './operations';

export type Action = 'rebuild' | 'verify' | 'resume';

function whatHappens(action: Action, model: ReadModelData, t: Translate): string {
  const name = model.id;
  if (action === 'rebuild') return t('admin.readModels.whatRebuild', { name });
  if (action === 'verify') return t('admin.readModels.whatVerify', { name });
  if (!model.failure) return t('admin.readModels.whatResume', { name });
  const { eventType, streamId, streamVersion, error } = model.failure;
  return t('admin.readModels.whatResumeFailure', { name, type: eventType, stream: streamId, version: String(streamVersion), error });
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
  const t = useT();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const invalid = readModelReasonProblem(reason);
  return (
    <ConfirmDialog
      open
      title={t('admin.readModels.confirmTitle', { action, name: model.id })}
      text={whatHappens(action, model, t)}
      confirmLabel={t('admin.readModels.actionOn', { action, name: model.id })}
      destructive={action === 'rebuild'}
      busy={busy}
      confirmDisabled={!!invalid}
      onClose={onClose}
      onConfirm={() => onConfirm(reason.trim())}
    >
      <TextField
        label={t('admin.readModels.reason')}
        value={reason}
        onChange={(e) => setReason(e.target.value.slice(0, READ_MODEL_REASON_MAX_LENGTH))}
        onBlur={() => setTouched(true)}
        error={touched && !!invalid}
        helperText={
          touched && invalid
            ? t(invalid.kind === 'required' ? 'admin.readModels.reasonRequired' : 'admin.readModels.reasonUnreadable')
            : t('admin.readModels.reasonHelp', { length: reason.length, max: READ_MODEL_REASON_MAX_LENGTH })
        }
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
