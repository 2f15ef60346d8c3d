import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DeliveredTopic } from '../../shared/platform/notifications';
import { UrlField } from '../../shared/platform/preferences';
import type { SandboxContext } from '../context';
import { notFound, parseInput } from '../input';
import { DeliveryStatus, recordView } from './records';
import { createNotificationService, type NotificationService } from './service';

const ListQuery = z.object({
  topic: DeliveredTopic.optional(),
  status: DeliveryStatus.optional(),
  channel: z.enum(['ipn', 'webhook']).optional(),
  resource_id: z.string().optional(),
  user_id: z.coerce.number().int().optional(),
});

const IdParams = z.object({ id: z.string() });
const UserParams = z.object({ user_id: z.coerce.number().int() });
const AccountUrlBody = z.strictObject({ url: UrlField.nullable() });

/**
 * The notifications of spec 6: one service that every area notifies through, persisted as the
 * `notifications` slice, and its control routes.
 */
export function registerNotifications(app: FastifyInstance, context: SandboxContext): NotificationService {
  const notifications = createNotificationService({ clock: context.clock, seed: () => context.seed, allowRemoteTargets: context.allowRemoteNotifications });
  context.registerSlice('notifications', { save: () => notifications.save(), load: (data) => notifications.load(data), reset: () => notifications.reset() });
  app.addHook('onClose', async () => notifications.stop());
  registerNotificationRoutes(app, context, notifications);
  return notifications;
}

/** Control API of the notifications (spec 6): inspect every attempt, resend, set the account URL (6.2: one per account). */
function registerNotificationRoutes(app: FastifyInstance, context: SandboxContext, service: NotificationService): void {
  const tags = ['sandbox notifications'];

  app.get(
    '/__sandbox/notifications',
    { schema: { tags, summary: 'Every notification and its attempts' }, config: { documented: { querystring: ListQuery } } },
    (request) => {
      const query = parseInput(ListQuery, request.query, 'invalid notifications filter', 'query');
      const results = service.dispatcher
        .list({
          ...(query.topic === undefined ? {} : { topic: query.topic }),
          ...(query.status === undefined ? {} : { status: query.status }),
          ...(query.channel === undefined ? {} : { channel: query.channel }),
          ...(query.resource_id === undefined ? {} : { resourceId: query.resource_id }),
          ...(query.user_id === undefined ? {} : { userId: query.user_id }),
        })
        .map(recordView);
      return { results, total: results.length };
    },
  );

  app.get(
    '/__sandbox/notifications/:id',
    { schema: { tags, summary: 'One notification and its attempts' }, config: { documented: { params: IdParams } } },
    (request) => {
      const { id } = parseInput(IdParams, request.params, 'invalid path', 'path');
      const record = service.dispatcher.get(id);
      if (record === undefined) throw notFound('notification');
      return recordView(record);
    },
  );

  app.post(
    '/__sandbox/notifications/:id/resend',
    { schema: { tags, summary: 'One more attempt now, outside the schedule (spec 6.3)' }, config: { documented: { params: IdParams } } },
    (request, reply) => {
      const { id } = parseInput(IdParams, request.params, 'invalid path', 'path');
      const record = service.dispatcher.resend(id);
      if (record === undefined) throw notFound('notification');
      // 202: the attempt runs after this answer; its result appears in the notification's attempts.
      return reply.code(202).send(recordView(record));
    },
  );

  const accountOf = (userId: number): number => {
    if (!context.seed.users.some((user) => user.user_id === userId)) throw notFound('account');
    return userId;
  };

  app.get(
    '/__sandbox/accounts/:user_id/notification-url',
    { schema: { tags, summary: "An account's notification URL (spec 6.2)" }, config: { documented: { params: UserParams } } },
    (request) => {
      const userId = accountOf(parseInput(UserParams, request.params, 'invalid path', 'path').user_id);
      return { user_id: userId, url: service.accountUrl(userId) };
    },
  );

  app.put(
    '/__sandbox/accounts/:user_id/notification-url',
    { schema: { tags, summary: "Set an account's notification URL (spec 6.2)" }, config: { documented: { params: UserParams, body: AccountUrlBody } } },
    (request) => {
      const userId = accountOf(parseInput(UserParams, request.params, 'invalid path', 'path').user_id);
      const { url } = parseInput(AccountUrlBody, request.body, 'invalid notification URL');
      service.setAccountUrl(userId, url);
      return { user_id: userId, url: service.accountUrl(userId) };
    },
  );
}
