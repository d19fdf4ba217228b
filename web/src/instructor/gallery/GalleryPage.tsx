/**
 * /instructor/gallery (spec 3, Instructor): promoted speakers of a language (`allSpeakers`), with
 * the language filter and 'No speakers exist for the language. Please choose a different language.'
 * Each card shows the speaker's headshot (the initial while there is none).
 */
import { useQuery } from '@apollo/client';
import { type DocumentType, graphql } from '../../gql';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useSearchParams } from 'react-router-dom';
import { LANGUAGES } from '../../../../contracts/enrollment';
import { languageName } from '../../lib/languageName';
import { SpeakerMessages } from '../../../../contracts/speaking';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { errorMessage } from '../../lib/errors';
import { type Translate, useT } from '../../i18n/useT';
import { localizeKnown } from '../../i18n/translate';

const ALL_SPEAKERS = graphql(`
  query GallerySpeakers($language: String) {
    allSpeakers(language: $language) {
      language
      speakers {
        id
        displayName
        givenName
        surname
        headshotUrl
      }
    }
  }
`);

type GallerySpeaker = NonNullable<DocumentType<typeof ALL_SPEAKERS>['allSpeakers']>['speakers'][number];

const nameOf = (s: GallerySpeaker, t: Translate) =>
  s.displayName ?? ([s.givenName, s.surname].filter(Boolean).join(' ') || t('instructor.gallery.aSpeaker'));

export default function GalleryPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const language =
    params.get('language') && LANGUAGES.some((l) => l.code === params.get('language')) ? params.get('language')! : LANGUAGES[0].code;
  const { data, loading, error } = useQuery(ALL_SPEAKERS, {
    variables: { language },
    fetchPolicy: 'cache-and-network',
    context: { quiet: true },
  });
  const speakers = data?.allSpeakers?.speakers ?? [];

  return (
    <Page title={t('instructor.gallery.title')}>
      <Stack spacing={3}>
        <TextField
          select
          label={t('instructor.gallery.language')}
          value={language}
          onChange={(e) => setParams({ language: e.target.value }, { replace: true })}
          sx={{ maxWidth: 280 }}
        >
          {LANGUAGES.map((l) => (
            <MenuItem key={l.code} value={l.code}>
              {languageName(l.code)}
            </MenuItem>
          ))}
        </TextField>
        {error && !data ? (
          <Alert severity="error">{errorMessage(error)}</Alert>
        ) : loading && !data ? (
          <Loading label={t('instructor.gallery.loading')} />
        ) : speakers.length === 0 ? (
          <Alert severity="info">{localizeKnown(SpeakerMessages.noSpeakersForLanguage)}</Alert>
        ) : (
          <Grid
            container
            spacing={2}
            component="ul"
            aria-label={t('instructor.gallery.speakersOf', { language: languageName(language) })}
            sx={{ listStyle: 'none', p: 0, m: 0 }}
          >
            {speakers.map((s) => (
              <Grid key={s.id} size={{ xs: 12, sm: 6, md: 4 }} component="li">
                <Card variant="outlined">
                  <CardContent>
                    <Stack direction="row" spacing={2} alignItems="center">
                      <Avatar
                        src={s.headshotUrl ?? undefined}
                        alt={s.headshotUrl ? t('instructor.gallery.headshot', { name: nameOf(s, t) }) : undefined}
                        sx={{ width: 64, height: 64 }}
                      >
                        {nameOf(s, t).charAt(0)}
                      </Avatar>
                      <div>
                        <Typography variant="h6" component="h2">
                          {nameOf(s, t)}
                        </Typography>
                        <Typography color="text.secondary">
                          {t('instructor.gallery.speaks', { language: languageName(language) })}
                        </Typography>
                      </div>
                    </Stack>
                  </CardContent>
                </Card>
              </Grid>
            ))}
          </Grid>
        )}
      </Stack>
    </Page>
  );
}
