/**
 * A school's OpenID Connect identity provider (issue 33): its name, issuer (whose discovery the
 * server reads on save), client id and secret (never shown again: the field sets or replaces it),
 * scopes, the email domains it covers, the claim that makes an instructor, and whether password
 * sign-in stays allowed for those domains. The server's answer per field shows beside the field.
 */
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormAlert } from '../../components/FormAlert';
import { useT } from '../../i18n/useT';
import { apiErrorsOf, errorMessage } from '../../lib/errors';
import type { IdentityProviderInput } from '../dataProvider';

export interface IdentityProviderValues {
  displayName: string;
  issuer: string;
  clientId: string;
  scopes: readonly string[];
  domains: readonly string[];
  instructorClaim: { name: string; value: string } | null;
  passwordSignInAllowed: boolean;
}

/** Domains as typed: separated by commas, spaces or lines. */
const domainsOf = (text: string) => text.split(/[\s,;]+/).filter(Boolean);

export function IdentityProviderForm({
  initial,
  secretSet,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: IdentityProviderValues;
  /** The provider has a secret already: the field replaces it, or keeps it when left blank. */
  secretSet: boolean;
  submitLabel: string;
  onSubmit(input: Omit<IdentityProviderInput, 'identityProviderId'>): Promise<void>;
  onCancel(): void;
}) {
  const t = useT();
  const [displayName, setDisplayName] = useState(initial.displayName);
  const [issuer, setIssuer] = useState(initial.issuer);
  const [clientId, setClientId] = useState(initial.clientId);
  const [clientSecret, setClientSecret] = useState('');
  const [scopes, setScopes] = useState(initial.scopes.join(' '));
  const [domains, setDomains] = useState(initial.domains.join(', '));
  const [claimName, setClaimName] = useState(initial.instructorClaim?.name ?? '');
  const [claimValue, setClaimValue] = useState(initial.instructorClaim?.value ?? '');
  const [passwordSignInAllowed, setPasswordSignInAllowed] = useState(initial.passwordSignInAllowed);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setSaving(true);
    setServerError(null);
    setFields({});
    try {
      await onSubmit({
        displayName,
        issuer,
        clientId,
        clientSecret: clientSecret || (secretSet ? null : ''),
        scopes,
        domains: domainsOf(domains),
        instructorClaimName: claimName.trim() || null,
        instructorClaimValue: claimValue.trim() || null,
        passwordSignInAllowed,
      });
    } catch (error) {
      setServerError(errorMessage(error));
      setFields((apiErrorsOf(error)[0]?.extensions?.fields as Record<string, string>) ?? {});
    } finally {
      setSaving(false);
    }
  }

  const field = (name: string, label: string, value: string, set: (v: string) => void, maxLength: number, helper?: string) => (
    <TextField
      label={label}
      value={value}
      onChange={(e) => set(e.target.value)}
      error={!!fields[name]}
      helperText={fields[name] ?? helper}
      slotProps={{ htmlInput: { maxLength } }}
    />
  );

  return (
    <Stack
      component="form"
      noValidate
      spacing={2}
      sx={{ maxWidth: 640 }}
      onSubmit={submit}
      aria-label={t('admin.identityProviders.formLabel')}
    >
      {field('displayName', t('admin.identityProviders.displayName'), displayName, setDisplayName, 100)}
      {field('issuer', t('admin.identityProviders.issuer'), issuer, setIssuer, 500, t('admin.identityProviders.issuerHelp'))}
      {field('clientId', t('admin.identityProviders.clientId'), clientId, setClientId, 200)}
      <TextField
        label={t(secretSet ? 'admin.identityProviders.replaceSecret' : 'admin.identityProviders.clientSecret')}
        type="password"
        autoComplete="new-password"
        value={clientSecret}
        onChange={(e) => setClientSecret(e.target.value)}
        error={!!fields.clientSecret}
        helperText={fields.clientSecret ?? (secretSet ? t('admin.identityProviders.secretSet') : undefined)}
        slotProps={{ htmlInput: { maxLength: 500 } }}
      />
      {field('scopes', t('admin.identityProviders.scopes'), scopes, setScopes, 1000, t('admin.identityProviders.scopesHelp'))}
      {field('domains', t('admin.identityProviders.domains'), domains, setDomains, 2000, t('admin.identityProviders.domainsHelp'))}
      <Typography variant="subtitle1" component="h2">
        {t('admin.identityProviders.rolesHeading')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('admin.identityProviders.rolesHelp')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field('instructorClaimName', t('admin.identityProviders.claimName'), claimName, setClaimName, 100)}
        {field('instructorClaimValue', t('admin.identityProviders.claimValue'), claimValue, setClaimValue, 100)}
      </Stack>
      <FormControlLabel
        control={<Checkbox checked={passwordSignInAllowed} onChange={(e) => setPasswordSignInAllowed(e.target.checked)} />}
        label={t('admin.identityProviders.passwordAllowed')}
      />
      <FormAlert message={serverError} />
      <Stack direction="row" spacing={2}>
        <Button type="submit" variant="contained" disabled={saving}>
          {submitLabel}
        </Button>
        <Button onClick={onCancel} disabled={saving}>
          {t('admin.identityProviders.cancel')}
        </Button>
      </Stack>
    </Stack>
  );
}
