import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ExternalLink } from '../components/ExternalLink';
import { WelcomeIllustration } from '../components/illustrations';
import { currentYear } from '../lib/year';
import { EXTERNAL_LINKS } from './links';
import { usePageTitle } from './usePageTitle';
import { LanguageSwitcher } from '../i18n/LanguageSwitcher';
import { useT } from '../i18n/useT';
import { useAuth } from '../lib/auth';

export const AUTH_CARD_WIDTH = 576;

/** The centred card the auth screens share: title, subtitle, content, footer (spec 1, Shell). */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  usePageTitle(title);
  const t = useT();
  const { signedIn } = useAuth();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', px: 2, py: { xs: 3, sm: 6 } }}>
      <Card variant="outlined" sx={{ width: AUTH_CARD_WIDTH, maxWidth: '100%' }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Box sx={{ display: 'flex', justifyContent: 'center', mb: 2 }}>
            <WelcomeIllustration size={132} />
          </Box>
          <Typography variant="h4" component="h1" gutterBottom>
            {title}
          </Typography>
          {subtitle && (
            <Typography color="text.secondary" sx={{ mb: 3 }}>
              {subtitle}
            </Typography>
          )}
          {children}
        </CardContent>
        <Box component="footer" sx={{ borderTop: 1, borderColor: 'divider', px: 4, py: 2 }}>
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <ExternalLink href={EXTERNAL_LINKS.about}>{t('shell.footer.about')}</ExternalLink>
            <ExternalLink href={EXTERNAL_LINKS.terms}>{t('shell.footer.terms')}</ExternalLink>
            <ExternalLink href={EXTERNAL_LINKS.privacy}>{t('shell.footer.privacy')}</ExternalLink>
            {!signedIn && <LanguageSwitcher />}
            <Typography variant="body2" color="text.secondary" sx={{ ml: 'auto' }}>
              {t('shell.footer.copyright', { year: String(currentYear()) })}
            </Typography>
          </Stack>
        </Box>
      </Card>
    </Box>
  );
}
