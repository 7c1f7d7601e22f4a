import { DEV_SHOP_WEBHOOK_SECRET, type Env } from '@portal/service-kit';
import { demoSignInLines } from './seed';

/** What the mode changes that someone trying the portal would trip over (the shop's orders above all). */
export function modeLine(env: Env): string {
  const shop =
    env.shopWebhookSecret === null
      ? 'shop orders are refused until SHOP_WEBHOOK_SECRET is set'
      : env.shopWebhookSecret === DEV_SHOP_WEBHOOK_SECRET
        ? `shop orders signed with the dev secret "${DEV_SHOP_WEBHOOK_SECRET}" are accepted`
        : 'shop orders are checked against SHOP_WEBHOOK_SECRET';
  const mode = env.NODE_ENV === 'development' ? 'demo' : env.NODE_ENV;
  const details = env.NODE_ENV === 'production' ? '' : ', error details in answers';
  return `Mode: ${mode} (NODE_ENV=${env.NODE_ENV})${details}; ${shop}.`;
}

/** The lines printed once the portal listens: where, in which mode, the demo sign-ins, the database, both ports. */
export function startBanner(env: Env, port: number): string[] {
  const database = env.DATABASE_URL ? 'MySQL (DATABASE_URL)' : `SQLite ${env.dataDir}/portal.sqlite`;
  const contentPortNote = env.CONTENT_PORT === undefined ? 'PORT+1' : 'CONTENT_PORT';
  return [
    `Portal: ${env.appUrl}`,
    modeLine(env),
    ...demoSignInLines(env.appUrl),
    `Database: ${database}`,
    `Course content origin: ${env.contentOriginUrl} (a second port, ${env.contentPort} = ${contentPortNote}).`,
    `Listening on port ${port}. Ctrl-C stops.`,
  ];
}
