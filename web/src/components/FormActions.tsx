import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { FormAlert } from './FormAlert';

/** A form's closing row: the server's error above it, then submit and cancel, both held while it saves. */
export function FormActions({
  error,
  saving,
  submitLabel,
  cancelLabel,
  onCancel,
}: {
  error: string | null | undefined;
  saving: boolean;
  submitLabel: string;
  cancelLabel: string;
  onCancel: () => void;
}) {
  return (
    <>
      <FormAlert message={error} />
      <Stack direction="row" spacing={2}>
        <Button type="submit" variant="contained" disabled={saving}>
          {submitLabel}
        </Button>
        <Button onClick={onCancel} disabled={saving}>
          {cancelLabel}
        </Button>
      </Stack>
    </>
  );
}
