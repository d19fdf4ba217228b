import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormActions } from '../../components/FormActions';
import { useT } from '../../i18n/useT';
import { apiErrorsOf, errorMessage } from '../../lib/errors';
import type { IdentityProviderInput } from '../dataProvider';

export interface IdentityProviderValues {
  kind: 'OIDC' | 'SAML';
  saml: { metadataUrl?: string | null } | null;
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
  const [kind, setKind] = useState(initial.kind);
  const [metadataUrl, setMetadataUrl] = useState(initial.saml?.metadataUrl ?? '');
  const [metadataXml, setMetadataXml] = useState('');
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
  const isSaml = kind === 'SAML';

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setSaving(true);
    setServerError(null);
    setFields({});
    try {
      await onSubmit({
        kind,
        samlMetadataUrl: isSaml ? metadataUrl.trim() || null : null,
        samlMetadataXml: isSaml ? metadataXml.trim() || null : null,
        displayName,
        issuer: isSaml ? '' : issuer,
        clientId: isSaml ? '' : clientId,
        clientSecret: isSaml ? null : clientSecret || (secretSet ? null : ''),
        scopes: isSaml ? '' : scopes,
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

  // The metadata's refusal shows under the field it came from: the pasted XML when the URL is blank.
  const metadataOnPage = !metadataUrl.trim() && !!metadataXml.trim();
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
      <FormControl>
        <FormLabel id="identity-provider-kind">{t('admin.identityProviders.kind')}</FormLabel>
        <RadioGroup row aria-labelledby="identity-provider-kind" value={kind} onChange={(e) => setKind(e.target.value as 'OIDC' | 'SAML')}>
          <FormControlLabel value="OIDC" control={<Radio />} label={t('admin.identityProviders.kindOidc')} />
          <FormControlLabel value="SAML" control={<Radio />} label={t('admin.identityProviders.kindSaml')} />
        </RadioGroup>
      </FormControl>
      {isSaml ? (
        <>
          <TextField
            label={t('admin.identityProviders.metadataUrl')}
            value={metadataUrl}
            onChange={(e) => setMetadataUrl(e.target.value)}
            error={!!fields.samlMetadata && !metadataOnPage}
            helperText={(!metadataOnPage && fields.samlMetadata) || t('admin.identityProviders.metadataUrlHelp')}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          <TextField
            label={t('admin.identityProviders.metadataXml')}
            multiline
            minRows={3}
            maxRows={10}
            value={metadataXml}
            onChange={(e) => setMetadataXml(e.target.value)}
            error={!!fields.samlMetadata && metadataOnPage}
            helperText={(metadataOnPage && fields.samlMetadata) || t('admin.identityProviders.metadataXmlHelp')}
            slotProps={{ htmlInput: { maxLength: 200000, spellCheck: false } }}
          />
        </>
      ) : (
        <>
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
        </>
      )}
      {field('domains', t('admin.identityProviders.domains'), domains, setDomains, 2000, t('admin.identityProviders.domainsHelp'))}
      <Typography variant="subtitle1" component="h2">
        {t('admin.identityProviders.rolesHeading')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t(isSaml ? 'admin.identityProviders.rolesHelpSaml' : 'admin.identityProviders.rolesHelp')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        {field(
          'instructorClaimName',
          t(isSaml ? 'admin.identityProviders.attributeName' : 'admin.identityProviders.claimName'),
          claimName,
          setClaimName,
          100,
        )}
        {field('instructorClaimValue', t('admin.identityProviders.claimValue'), claimValue, setClaimValue, 100)}
      </Stack>
      <FormControlLabel
        control={<Checkbox checked={passwordSignInAllowed} onChange={(e) => setPasswordSignInAllowed(e.target.checked)} />}
        label={t('admin.identityProviders.passwordAllowed')}
      />
      <FormActions
        error={serverError}
        saving={saving}
        submitLabel={submitLabel}
        cancelLabel={t('admin.identityProviders.cancel')}
        onCancel={onCancel}
      />
    </Stack>
  );
}
