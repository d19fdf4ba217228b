import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { FormActions } from '../../components/FormActions';
import { useT } from '../../i18n/useT';
import { apiErrorsOf, errorMessage } from '../../lib/errors';

export interface LtiPlatformValues {
  name: string;
  issuer: string;
  clientId: string;
  deploymentIds: readonly string[];
  authLoginUrl: string;
  accessTokenUrl: string;
  jwksUrl: string;
}

type Field = keyof LtiPlatformValues;

const URL_FIELDS: Field[] = ['authLoginUrl', 'accessTokenUrl', 'jwksUrl'];

export function LtiPlatformForm({
  initial,
  fixedPair,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: LtiPlatformValues;
  /** Editing: the issuer and client id are shown, not changed. */
  fixedPair?: boolean;
  submitLabel: string;
  onSubmit(values: LtiPlatformValues): Promise<void>;
  onCancel(): void;
}) {
  const t = useT();
  const [values, setValues] = useState({ ...initial, deploymentIds: initial.deploymentIds.join('\n') });
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [serverFields, setServerFields] = useState<Record<string, string>>({});
  const set = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [field]: event.target.value });

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setSaving(true);
    setServerError(null);
    setServerFields({});
    try {
      await onSubmit({
        ...values,
        deploymentIds: values.deploymentIds
          .split('\n')
          .map((d) => d.trim())
          .filter(Boolean),
      });
    } catch (error) {
      setServerError(errorMessage(error));
      setServerFields((apiErrorsOf(error)[0]?.extensions?.fields as Record<string, string>) ?? {});
    } finally {
      setSaving(false);
    }
  }

  const field = (name: Field, maxLength: number, extra: { multiline?: boolean; disabled?: boolean } = {}) => (
    <TextField
      label={t(`admin.lti.field.${name}`)}
      value={values[name]}
      onChange={set(name)}
      required
      error={!!serverFields[name]}
      helperText={serverFields[name] ?? t(`admin.lti.help.${name}`)}
      slotProps={{ htmlInput: { maxLength } }}
      minRows={extra.multiline ? 2 : undefined}
      {...extra}
    />
  );

  return (
    <Stack component="form" noValidate spacing={2} sx={{ maxWidth: 720 }} onSubmit={submit} aria-label={t('admin.lti.formLabel')}>
      {field('name', 100)}
      {field('issuer', 500, { disabled: fixedPair })}
      {field('clientId', 255, { disabled: fixedPair })}
      {field('deploymentIds', 20 * 256, { multiline: true })}
      {URL_FIELDS.map((name) => (
        <div key={name}>{field(name, 2000)}</div>
      ))}
      <FormActions error={serverError} saving={saving} submitLabel={submitLabel} cancelLabel={t('admin.lti.cancel')} onCancel={onCancel} />
    </Stack>
  );
}
