/**
 * The room's sign that the conversation is being recorded (issue 10): a red dot and 'Recording' at
 * the video's top left, named for assistive technology.
 */
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export const RECORDING_LABEL = 'This conversation is being recorded';

export function RecordingIndicator() {
  return (
    <Box
      role="status"
      aria-label={RECORDING_LABEL}
      title={RECORDING_LABEL}
      sx={{
        position: 'absolute',
        top: 12,
        left: 12,
        zIndex: 2,
        display: 'flex',
        alignItems: 'center',
        gap: 0.75,
        px: 1.25,
        py: 0.5,
        borderRadius: 1,
        bgcolor: 'rgba(0,0,0,0.7)',
        color: 'common.white',
      }}
    >
      <Box
        aria-hidden
        sx={{
          width: 10,
          height: 10,
          borderRadius: '50%',
          bgcolor: '#ff4d4d',
          '@media (prefers-reduced-motion: no-preference)': {
            animation: 'recording-pulse 2s ease-in-out infinite',
            '@keyframes recording-pulse': { '50%': { opacity: 0.35 } },
          },
        }}
      />
      <Typography variant="body2" component="span" sx={{ fontWeight: 600 }}>
        Recording
      </Typography>
    </Box>
  );
}
