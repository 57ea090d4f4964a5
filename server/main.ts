import { startServer } from './app.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './auth/demoAccounts.ts';
import { loadConfig } from './config.ts';

/** `npm start`: the whole product on the embedded defaults unless the environment says otherwise. */
async function main(): Promise<void> {
  const config = loadConfig();
  const embedded = !config.oidc.issuer;
  const publicUrl = config.publicUrl ?? `http://localhost:${config.port}`;
  const server = await startServer({
    config,
    publicUrl,
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    staticDir: config.staticDir,
    seed: embedded ? 'demo' : 'none',
  });
  const lines = [`Seconde is running at ${server.url}`];
  if (embedded) {
    lines.push(`Demo accounts (password "${DEMO_PASSWORD}"):`);
    for (const account of DEMO_ACCOUNTS)
      lines.push(`  ${account.email.padEnd(26)} ${account.groups.join(' + ') || '(no group)'}`);
  }
  console.log(lines.join('\n'));
  const stop = () => {
    void server.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
