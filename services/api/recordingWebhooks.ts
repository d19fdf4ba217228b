/**
 * The video providers' recording webhooks (issue 10). Each request's signature is checked with the
 * provider's scheme (services/integrations/video/recordingWebhooks.ts) before its body is read as
 * anything; an unsigned, mis-signed or unconfigured one is a 404. A verified delivery is taken once
 * (by the provider's event id) and its file fetched by a job (services/archive/providers.ts).
 * - POST /api/webhooks/zoom/recordings: Video SDK `session.recording_completed` (and Zoom's
 *   `endpoint.url_validation`); the session name is our room name, `tertulia-<conversationId>`.
 * - POST /api/webhooks/twilio/recordings?conversationId=<id>: a composition's status callback
 *   (`composition-available`), the conversation named in the callback address Twilio signs.
 */
import express from 'express';
import { textProblem } from '../../contracts/validation/limits';
import type { Runtime } from '../app/runtime';
import {
  recordingWebhookSecretsFromEnv,
  verifyTwilioSignature,
  verifyZoomSignature,
  zoomUrlValidation,
  type RecordingWebhookSecrets,
} from '../integrations/video/recordingWebhooks';
import { conversationRoomName } from '../integrations/video/port';
import { sendError } from './httpErrors';
import { HttpMessages } from './apiMessages';

export const RECORDING_WEBHOOKS_PATH = '/api/webhooks';
const ROOM_PREFIX = conversationRoomName('');
const ID = /^[0-9a-f-]{1,64}$/;

const str = (value: unknown, max = 2000): string | null => (typeof value === 'string' && value && !textProblem(value, max) ? value : null);
const notFound = (res: express.Response) => sendError(res, 404, 'NOT_FOUND', HttpMessages.notFound);

/** The Zoom recording file to take: a finished MP4 (the composite view), from zoom.us. */
function zoomFile(files: unknown): { url: string } | null {
  if (!Array.isArray(files)) return null;
  for (const f of files) {
    const url = str(f?.download_url);
    if (!url || String(f?.file_type).toUpperCase() !== 'MP4' || (f?.status && f.status !== 'completed')) continue;
    try {
      const host = new URL(url).hostname;
      if (new URL(url).protocol === 'https:' && (host === 'zoom.us' || host.endsWith('.zoom.us'))) return { url };
    } catch {
      // not an address
    }
  }
  return null;
}

export function recordingWebhooksRouter(
  runtime: Runtime,
  secrets: RecordingWebhookSecrets = recordingWebhookSecretsFromEnv(process.env),
): express.Router {
  const router = express.Router();

  router.post('/zoom/recordings', express.raw({ type: () => true, limit: '256kb' }), async (req, res, next) => {
    try {
      const raw = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
      if (
        !secrets.zoomSecretToken ||
        !verifyZoomSignature(
          secrets.zoomSecretToken,
          { signature: req.get('x-zm-signature'), timestamp: req.get('x-zm-request-timestamp') },
          raw,
        )
      ) {
        notFound(res);
        return;
      }
      let body: any;
      try {
        body = JSON.parse(raw);
      } catch {
        sendError(res, 400, 'BAD_REQUEST', HttpMessages.notJson);
        return;
      }
      if (body?.event === 'endpoint.url_validation') {
        const plainToken = str(body?.payload?.plainToken, 200);
        if (!plainToken) return void sendError(res, 400, 'BAD_REQUEST', HttpMessages.noPlainToken);
        res.json(zoomUrlValidation(secrets.zoomSecretToken, plainToken));
        return;
      }
      if (body?.event !== 'session.recording_completed') return void res.json({ received: true, taken: false });
      const object = body?.payload?.object ?? {};
      const sessionName = str(object.session_name, 200)?.toLowerCase() ?? '';
      const conversationId = sessionName.startsWith(ROOM_PREFIX) ? sessionName.slice(ROOM_PREFIX.length) : '';
      const file = zoomFile(object.recording_files);
      const token = str(body?.download_token, 4000);
      if (!ID.test(conversationId) || !file) return void res.json({ received: true, taken: false });
      // Zoom names no delivery id: the event, the session and the event's own time identify it (a retry repeats all three).
      const eventId = `${body.event}:${str(object.session_id, 200) ?? sessionName}:${String(body.event_ts ?? '')}`;
      const taken = await runtime.archive.providers.accept(
        { conversationId, provider: 'zoom', url: file.url, authorization: token ? `Bearer ${token}` : null, durationSeconds: null },
        eventId,
      );
      res.json({ received: true, taken });
    } catch (error) {
      next(error);
    }
  });

  router.post('/twilio/recordings', express.urlencoded({ extended: false, limit: '64kb', parameterLimit: 100 }), async (req, res, next) => {
    try {
      const params: Record<string, string> = {};
      for (const [k, v] of Object.entries((req.body ?? {}) as Record<string, unknown>)) if (typeof v === 'string') params[k] = v;
      // Twilio signs the address it called: our public address and the path with its query.
      const url = `${runtime.config.publicUrl.replace(/\/$/, '')}${req.originalUrl}`;
      if (!secrets.twilioAuthToken || !verifyTwilioSignature(secrets.twilioAuthToken, req.get('x-twilio-signature'), url, params)) {
        notFound(res);
        return;
      }
      const conversationId = str(req.query.conversationId, 64)?.toLowerCase() ?? '';
      const mediaUri = str(params.MediaUri, 500);
      const twilio = runtime.config.video.twilio;
      if (
        params.StatusCallbackEvent !== 'composition-available' ||
        !ID.test(conversationId) ||
        !mediaUri?.startsWith('/v1/Compositions/') ||
        !twilio
      ) {
        res.json({ received: true, taken: false });
        return;
      }
      const eventId = str(req.get('i-twilio-idempotency-token'), 200) ?? `${params.CompositionSid}:${params.StatusCallbackEvent}`;
      const duration = Number(params.Duration);
      const taken = await runtime.archive.providers.accept(
        {
          conversationId,
          provider: 'twilio',
          url: `https://video.twilio.com${mediaUri}`,
          authorization: `Basic ${Buffer.from(`${twilio.apiKeySid}:${twilio.apiKeySecret}`).toString('base64')}`,
          durationSeconds: Number.isFinite(duration) && duration > 0 ? duration : null,
        },
        eventId,
      );
      res.json({ received: true, taken });
    } catch (error) {
      next(error);
    }
  });

  return router;
}
