/**
 * /student/settings, 'Your settings' (spec 3): a grid of cards, one a panel — profile (name and
 * location), minutes and payments, security, hobbies bio, dream career bio, goals bio, camera and
 * compatibility — and 'Switch Roles' only when the account has more than one role. Descriptions
 * are cut at 55 characters. Choosing a card opens its panel in place of the grid (route state
 * `{ panel }`, so Back returns to the grid and other pages can preselect one: 'Fix Timezone' opens
 * the profile, the header's minutes open minutes and payments); focus moves to the panel's heading.
 */
import { useQuery } from '@apollo/client';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Loading } from '../components/Loading';
import { Page } from '../components/Page';
import { RoleSwitch } from '../components/RoleSwitch';
import { SecuritySettings } from '../components/SecuritySettings';
import { errorMessage } from '../lib/errors';
import { switchableRoles } from '../lib/roles';
import { CameraAndCompatibility } from '../student/settings/CameraAndCompatibility';
import { MinutesAndPayments } from '../student/settings/MinutesAndPayments';
import { BioPanel } from './BioPanel';
import { ProfileSettingsForm, SETTING_UPDATED_MESSAGE } from './ProfileSettingsForm';
import { SETTINGS_ME, type SettingsMe } from './operations';
import { truncate, SETTING_DESCRIPTION_MAX } from './text';
import type { MessageId } from '../i18n/catalog';
import { LanguageSetting } from '../i18n/LanguageSetting';
import { useT } from '../i18n/useT';
import { DataExportCard } from './DataExportCard';
import { ErasureCard } from './ErasureCard';
import { DataAccessCard } from './DataAccessCard';

export type StudentPanel = 'profile' | 'minutes' | 'security' | 'hobbies' | 'career' | 'goals' | 'compatibility' | 'roles';

interface PanelDef {
  key: StudentPanel;
  title: MessageId;
  description: MessageId;
  render(me: SettingsMe): ReactNode;
}

const titleId = (key: string) => `settings-panel-${key}`;

export const STUDENT_PANELS: PanelDef[] = [
  {
    key: 'profile',
    title: 'student.settings.panel.profile.title',
    description: 'student.settings.panel.profile.description',
    render: (me) => (
      <Stack spacing={3}>
        <ProfileSettingsForm me={me} role="STUDENT" successMessage={SETTING_UPDATED_MESSAGE} titleId={titleId('profile')} />
        <LanguageSetting />
        <DataExportCard />
        <ErasureCard />
        <DataAccessCard />
      </Stack>
    ),
  },
  {
    key: 'minutes',
    title: 'student.settings.panel.minutes.title',
    description: 'student.settings.panel.minutes.description',
    render: () => <MinutesAndPayments />,
  },
  {
    key: 'security',
    title: 'student.settings.panel.security.title',
    description: 'student.settings.panel.security.description',
    render: () => <SecuritySettings roleSwitch={false} />,
  },
  {
    key: 'hobbies',
    title: 'student.settings.panel.hobbies.title',
    description: 'student.settings.panel.hobbies.description',
    render: (me) => (
      <BioPanel
        me={me}
        field="bioHobbiesAre"
        titleMessage="student.settings.panel.hobbies.title"
        titleId={titleId('hobbies')}
        introMessage="student.settings.panel.hobbies.intro"
      />
    ),
  },
  {
    key: 'career',
    title: 'student.settings.panel.career.title',
    description: 'student.settings.panel.career.description',
    render: (me) => (
      <BioPanel
        me={me}
        field="bioDreamCareer"
        titleMessage="student.settings.panel.career.title"
        titleId={titleId('career')}
        introMessage="student.settings.panel.career.intro"
      />
    ),
  },
  {
    key: 'goals',
    title: 'student.settings.panel.goals.title',
    description: 'student.settings.panel.goals.description',
    render: (me) => (
      <BioPanel
        me={me}
        field="bioGoalsAre"
        titleMessage="student.settings.panel.goals.title"
        titleId={titleId('goals')}
        introMessage="student.settings.panel.goals.intro"
      />
    ),
  },
  {
    key: 'compatibility',
    title: 'student.settings.compatibility.title',
    description: 'student.settings.panel.compatibility.description',
    render: () => <CameraAndCompatibility />,
  },
];

const ROLES_PANEL: PanelDef = {
  key: 'roles',
  title: 'student.settings.panel.roles.title',
  description: 'student.settings.panel.roles.description',
  render: (me) => <RolesPanel me={me} />,
};

function RolesPanel({ me }: { me: SettingsMe }) {
  const t = useT();
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId('roles')}>
      <CardContent>
        <Typography id={titleId('roles')} variant="h6" component="h2" gutterBottom tabIndex={-1}>
          {t('security.switchRoles.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('security.switchRoles.text')}
        </Typography>
        <RoleSwitch account={me.account} />
      </CardContent>
    </Card>
  );
}

function PanelDescription({ text }: { text: string }) {
  return (
    <Typography color="text.secondary" title={text.length > SETTING_DESCRIPTION_MAX ? text : undefined}>
      {truncate(text, SETTING_DESCRIPTION_MAX)}
    </Typography>
  );
}

export function panelsFor(me: Pick<SettingsMe, 'account'>): PanelDef[] {
  return switchableRoles(me.account.roles, me.account.activeRole).length ? [...STUDENT_PANELS, ROLES_PANEL] : STUDENT_PANELS;
}

export default function StudentSettingsPage() {
  const t = useT();
  const { data, loading, error } = useQuery(SETTINGS_ME, { fetchPolicy: 'cache-and-network' });
  const location = useLocation();
  const me = data?.me ?? null;
  const panels = me ? panelsFor(me) : [];
  const requested = (location.state as { panel?: string } | null)?.panel;
  const selected = panels.find((p) => p.key === requested) ?? null;
  const panelBox = useRef<HTMLDivElement>(null);
  const grid = useRef<HTMLUListElement>(null);

  // Focus follows the choice: the open panel's heading, or the card of the panel just left.
  const previous = useRef<string | null>(null);
  const selectedKey = selected?.key ?? null;
  const loaded = me !== null;
  useEffect(() => {
    if (!loaded) return;
    if (selectedKey) {
      const heading = panelBox.current?.querySelector<HTMLElement>('h2');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus();
      }
    } else if (previous.current) {
      grid.current?.querySelector<HTMLElement>(`[data-panel="${previous.current}"]`)?.focus();
    }
    previous.current = selectedKey;
  }, [selectedKey, loaded]);

  return (
    <Page title={t('student.settings.title')}>
      {!me ? (
        loading ? (
          <Loading label={t('profile.page.loading')} />
        ) : (
          <Alert severity="error">{error ? errorMessage(error) : t('profile.page.signInAgain')}</Alert>
        )
      ) : selected ? (
        <>
          <Button component={RouterLink} to="/student/settings" state={{ panel: null }} sx={{ mb: 2 }}>
            {t('student.settings.allSettings')}
          </Button>
          <Box ref={panelBox}>{selected.render(me)}</Box>
        </>
      ) : (
        <Grid container spacing={2} component="ul" ref={grid} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={t('profile.page.title')}>
          {panels.map((panel) => (
            <Grid key={panel.key} component="li" size={{ xs: 12, sm: 6, md: 4 }}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardActionArea
                  component={RouterLink}
                  to="/student/settings"
                  state={{ panel: panel.key }}
                  data-panel={panel.key}
                  sx={{ height: '100%' }}
                >
                  <CardContent>
                    <Typography variant="h6" component="h2" gutterBottom>
                      {t(panel.title)}
                    </Typography>
                    <PanelDescription text={t(panel.description)} />
                  </CardContent>
                </CardActionArea>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
    </Page>
  );
}
