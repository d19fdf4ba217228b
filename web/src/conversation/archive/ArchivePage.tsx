/**
 * /conversation/archive?id= (spec 2, Archive): asks for the recording's signed address and plays
 * it. 'The conversation archive will appear momentarily. Please wait.' until the address arrives;
 * the server's message when it refuses (not the conversation's student, its course's instructor
 * or an admin; no archive yet). The address lives a few minutes: when the video can no longer
 * read it, a fresh one is asked for and playback goes on from where it was. A recording deleted at
 * the end of its retention (issue 34) says it expired.
 */
import { useMutation, useQuery } from '@apollo/client';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../lib/errors';
import { useT } from '../../i18n/useT';
import { usePageTitle } from '../../shell/usePageTitle';
import { CONVERSATION_ARCHIVE, REDIRECT_ARCHIVE_MEDIA } from './operations';

/** The most a failing video asks for a fresh address in a row before it says so. */
const MAX_RENEWALS = 2;

export default function ArchivePage() {
  const t = useT();
  usePageTitle(t('conversation.archive.title'));
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const navigate = useNavigate();
  const status = useQuery(CONVERSATION_ARCHIVE, { variables: { conversationId: id }, skip: !id, context: { quiet: true } });
  const expired = status.data?.conversationArchive?.status === 'EXPIRED';
  const [redirect] = useMutation(REDIRECT_ARCHIVE_MEDIA, { context: { quiet: true } });
  const [media, setMedia] = useState<{ url: string; expiresOn: string } | null>(null);
  const [error, setError] = useState<string | null>(id ? null : t('conversation.archive.noId'));
  const video = useRef<HTMLVideoElement>(null);
  const resumeAt = useRef(0);
  const renewals = useRef(0);

  const ask = useCallback(async () => {
    try {
      const { data } = await redirect({ variables: { input: { conversationId: id } } });
      if (data?.redirectArchiveMedia.url) setMedia(data.redirectArchiveMedia);
      else setError(errorMessage(null));
    } catch (e) {
      setError(errorMessage(e));
    }
  }, [redirect, id]);

  useEffect(() => {
    if (id) void ask();
  }, [id, ask]);

  const onVideoError = () => {
    // An address that expired mid-way: ask for a fresh one and go on from here.
    if (renewals.current >= MAX_RENEWALS) {
      setError(t('conversation.archive.unplayable'));
      return;
    }
    renewals.current += 1;
    resumeAt.current = video.current?.currentTime ?? 0;
    void ask();
  };
  const onLoaded = () => {
    if (video.current && resumeAt.current > 0) video.current.currentTime = resumeAt.current;
    resumeAt.current = 0;
  };

  const back = () => (window.history.length > 1 ? navigate(-1) : navigate('/'));

  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 4 } }}>
      <Stack spacing={2}>
        <Box>
          <Button startIcon={<ArrowBackIcon />} onClick={back}>
            {t('conversation.archive.back')}
          </Button>
        </Box>
        <Typography variant="h4" component="h1">
          {t('conversation.archive.title')}
        </Typography>
        {expired ? (
          <Alert severity="info" role="status">
            {t('conversation.archive.expired')}
          </Alert>
        ) : error ? (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        ) : !media ? (
          <Stack direction="row" spacing={2} alignItems="center" role="status">
            <CircularProgress size={24} aria-hidden />
            <Typography>{t('conversation.archive.waiting')}</Typography>
          </Stack>
        ) : (
          <Box
            component="video"
            ref={video}
            key={media.url}
            src={media.url}
            controls
            tabIndex={0}
            playsInline
            preload="metadata"
            title={t('conversation.archive.title')}
            aria-label={t('conversation.archive.title')}
            onError={onVideoError}
            onLoadedMetadata={onLoaded}
            onPlaying={() => (renewals.current = 0)}
            sx={{
              width: '100%',
              maxHeight: '70vh',
              bgcolor: 'common.black',
              borderRadius: 1,
              '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
            }}
          >
            {t('conversation.archive.unsupported')}
          </Box>
        )}
      </Stack>
    </Container>
  );
}
