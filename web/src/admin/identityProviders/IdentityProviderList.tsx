/**
 * /admin/identity_providers (issue 33): each school's identity provider with the domains it covers,
 * whether it can make instructors and whether password sign-in stays allowed; a row opens its page.
 */
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRecordContext } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { EmptyState } from '../../components/EmptyState';
import { Page } from '../../components/Page';
import { useT } from '../../i18n/useT';
import { defaultTableState } from '../dataProvider/tableState';
import { CursorListView, type Column } from '../list/CursorListView';
import type { FilterField } from '../list/FilterBar';
import { TextValue } from '../list/fields';
import { useCursorList } from '../list/useCursorList';

const DEFAULTS = defaultTableState({ sort: [{ field: 'displayName', sort: 'asc' }] });

type Cell = { source?: string; label?: string; sortable?: boolean };

function Domains(_: Cell) {
  const provider = useRecordContext<{ domains: string[] }>();
  return provider ? <Typography variant="body2">{provider.domains.join(', ')}</Typography> : null;
}

function Roles(_: Cell) {
  const t = useT();
  const provider = useRecordContext<{ instructorClaim: { name: string; value: string } | null }>();
  if (!provider) return null;
  const claim = provider.instructorClaim;
  return (
    <Typography variant="body2">
      {claim
        ? t('admin.identityProviders.rolesByClaim', { claim: `${claim.name} = ${claim.value}` })
        : t('admin.identityProviders.studentsOnly')}
    </Typography>
  );
}

function Passwords(_: Cell) {
  const t = useT();
  const provider = useRecordContext<{ passwordSignInAllowed: boolean }>();
  if (!provider) return null;
  return (
    <Typography variant="body2">
      {t(provider.passwordSignInAllowed ? 'admin.identityProviders.allowed' : 'admin.identityProviders.refused')}
    </Typography>
  );
}

export function IdentityProviderList() {
  const t = useT();
  const list = useCursorList({ resource: 'identity_providers', defaults: DEFAULTS });
  const filters: FilterField[] = [{ source: 'displayName', label: t('admin.identityProviders.displayName'), kind: 'text' }];
  const columns: Column[] = [
    { source: 'displayName', label: t('admin.identityProviders.displayName'), field: <TextValue source="displayName" /> },
    { source: 'issuer', label: t('admin.identityProviders.issuer'), field: <TextValue source="issuer" />, sortable: false },
    { source: 'domains', label: t('admin.identityProviders.domains'), field: <Domains />, sortable: false },
    { source: 'instructorClaim', label: t('admin.identityProviders.roles'), field: <Roles />, sortable: false },
    { source: 'passwordSignInAllowed', label: t('admin.identityProviders.passwords'), field: <Passwords />, sortable: false },
  ];
  return (
    <Page title={t('admin.identityProviders.title')}>
      <CursorListView
        list={list}
        columns={columns}
        filters={filters}
        toolbar={
          <Button component={RouterLink} to="/admin/identity_providers/create" variant="contained" startIcon={<AddIcon />}>
            {t('admin.identityProviders.new')}
          </Button>
        }
        rowClick={(id) => `/admin/identity_providers/${encodeURIComponent(String(id))}`}
        empty={<EmptyState compact title={t('admin.identityProviders.empty')} description={t('admin.identityProviders.emptyHelp')} />}
      />
    </Page>
  );
}
