// One realistic fake per secret kind, built at run time from a seed: no
// token a scanner would flag is written in this repository's sources (each
// prefix is split in two here). `text` is what a user would paste, `secret`
// the part the extension reports and redacts.

export interface FakeSecret {
  /** A name unique among the fakes (several rows share a kind). */
  readonly name: string;
  readonly kind: string;
  readonly text: string;
  readonly secret: string;
}

/** A small seeded generator (xorshift32), so a failure names the seed that shows it. */
export class FakeRandom {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0 || 1;
  }

  next(): number {
    let x = this.state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x >>> 0;
    return this.state;
  }

  chars(n: number, alphabet: string): string {
    let s = '';
    for (let i = 0; i < n; i++) s += alphabet[this.next() % alphabet.length];
    return s;
  }
}

const upper = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const lower = 'abcdefghijklmnopqrstuvwxyz';
const digits = '0123456789';
const alnum = upper + lower + digits;
const urlSafe = `${alnum}_-`;
const base64 = `${alnum}+/`;
const hex = '0123456789abcdef';

/** Joins the pieces of a prefix (kept apart in the source so no scanner reads a token here). */
const p = (...parts: string[]): string => parts.join('');

export function fakeSecrets(seed = 1): FakeSecret[] {
  const r = new FakeRandom(seed);
  const whole = (name: string, kind: string, text: string): FakeSecret => ({ name, kind, text, secret: text });
  const part = (name: string, kind: string, before: string, secret: string, after = ''): FakeSecret => ({ name, kind, text: before + secret + after, secret });
  const key = [r.chars(64, base64), r.chars(64, base64), r.chars(40, base64)].join('\n');
  return [
    // The capture writer's ten (FORMATS.md B.4).
    whole('bearer', 'bearer-token', `${p('Bea', 'rer')} ${r.chars(32, urlSafe)}`),
    whole('authorization', 'authorization-header', `${p('Author', 'ization')}: ${r.chars(28, base64)}`),
    whole('anthropic', 'anthropic-key', p('sk-', 'ant-', 'api03-') + r.chars(93, urlSafe) + 'AA'),
    whole('sk', 'secret-key', p('s', 'k-') + r.chars(48, alnum)),
    whole('ghp', 'github-token', p('gh', 'p_') + r.chars(36, alnum)),
    whole('ghs', 'github-server-token', p('gh', 's_') + r.chars(36, alnum)),
    whole('gho', 'github-oauth-token', p('gh', 'o_') + r.chars(36, alnum)),
    whole('akia', 'aws-access-key', p('AK', 'IA') + r.chars(16, `${upper}234567`)),
    whole('jwt', 'jwt', `${p('ey', 'J')}${r.chars(24, urlSafe)}.${p('ey', 'J')}${r.chars(40, urlSafe)}.${r.chars(43, urlSafe)}`),
    whole('password', 'credential-assignment', `${p('pass', 'word')}=${r.chars(18, alnum)}`),
    // The scanners' kinds.
    whole('ghu', 'github-token', p('gh', 'u_') + r.chars(36, alnum)),
    whole('ghr', 'github-token', p('gh', 'r_') + r.chars(36, alnum)),
    whole('github_pat', 'github-token', p('github', '_pat_') + r.chars(22, alnum) + '_' + r.chars(59, alnum)),
    whole('glpat', 'gitlab-token', p('gl', 'pat-') + r.chars(20, urlSafe.replace('-', ''))),
    whole('glrt', 'gitlab-token', p('gl', 'rt-') + r.chars(20, alnum)),
    whole('gldt', 'gitlab-token', p('gl', 'dt-') + r.chars(20, alnum)),
    whole('xoxb', 'slack-token', `${p('xo', 'xb-')}${r.chars(11, digits)}-${r.chars(13, digits)}-${r.chars(24, alnum)}`),
    whole('xoxp', 'slack-token', `${p('xo', 'xp-')}${r.chars(11, digits)}-${r.chars(11, digits)}-${r.chars(12, digits)}-${r.chars(32, hex)}`),
    whole('xapp', 'slack-token', `${p('xa', 'pp-')}1-A${r.chars(10, upper + digits)}-${r.chars(13, digits)}-${r.chars(64, hex)}`),
    part('slack-webhook', 'slack-webhook', p('https://hooks.', 'slack.com/services/'), `T${r.chars(10, upper + digits)}/B${r.chars(10, upper + digits)}/${r.chars(24, alnum)}`),
    part('discord-webhook', 'discord-webhook', `${p('https://discord', '.com/api/webhooks/')}${r.chars(18, digits)}/`, r.chars(68, urlSafe)),
    whole('stripe', 'stripe-key', p('sk', '_live_') + r.chars(32, alnum)),
    whole('stripe-restricted', 'stripe-key', p('rk', '_live_') + r.chars(32, alnum)),
    whole('openai-project', 'openai-key', `${p('sk-', 'proj-')}${r.chars(58, urlSafe)}${p('T3Blbk', 'FJ')}${r.chars(58, urlSafe)}`),
    whole('openai-service', 'openai-key', `${p('sk-', 'svcacct-')}${r.chars(58, urlSafe)}${p('T3Blbk', 'FJ')}${r.chars(58, urlSafe)}`),
    whole('google', 'google-api-key', p('AI', 'za') + r.chars(35, urlSafe)),
    whole('asia', 'aws-access-key', p('AS', 'IA') + r.chars(16, `${upper}234567`)),
    part('aws-secret', 'aws-secret-key', `${p('aws_secret_', 'access_key')} = "`, r.chars(40, base64), '"'),
    part('azure-storage', 'azure-storage-key', `DefaultEndpointsProtocol=https;AccountName=${r.chars(12, lower)};${p('Account', 'Key=')}`, `${r.chars(86, base64)}==`, ';EndpointSuffix=core.windows.net'),
    part('azure-service-bus', 'azure-storage-key', `Endpoint=sb://${r.chars(10, lower)}.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;${p('SharedAccess', 'Key=')}`, `${r.chars(43, base64)}=`),
    whole('npm', 'npm-token', p('np', 'm_') + r.chars(36, alnum)),
    part('npmrc', 'npm-token', p('//registry.npmjs.org/:_auth', 'Token='), r.chars(36, alnum)),
    whole('pypi', 'pypi-token', p('py', 'pi-', 'AgEIcHlwaS5vcmc') + r.chars(70, urlSafe)),
    whole('sendgrid', 'sendgrid-key', `${p('S', 'G.')}${r.chars(22, urlSafe)}.${r.chars(43, urlSafe)}`),
    whole('twilio', 'twilio-key', p('S', 'K') + r.chars(32, hex)),
    whole('shopify', 'shopify-token', p('shp', 'at_') + r.chars(32, hex)),
    whole('huggingface', 'huggingface-token', p('h', 'f_') + r.chars(34, upper + lower)),
    whole('private-key', 'private-key', `${p('-----BEGIN RSA PRI', 'VATE KEY-----')}\n${key}\n${p('-----END RSA PRI', 'VATE KEY-----')}`),
    whole('openssh-key', 'private-key', `${p('-----BEGIN OPENSSH PRI', 'VATE KEY-----')}\n${key}\n${p('-----END OPENSSH PRI', 'VATE KEY-----')}`),
    part('https-password', 'url-credentials', 'https://deploy:', r.chars(16, alnum), '@git.internal.example.net/repo.git'),
    part('postgres-password', 'database-url', 'postgresql://app_user:', r.chars(16, alnum), '@db.internal:5432/app'),
    part('mongodb-password', 'database-url', 'mongodb+srv://svc:', r.chars(16, alnum), '@cluster0.abcde.mongodb.net/prod'),
    part('redis-password', 'database-url', 'rediss://:', r.chars(24, alnum), '@cache.internal:6380/0'),
    whole('groq', 'groq-key', p('gs', 'k_') + r.chars(52, alnum)),
    whole('linear', 'linear-key', p('lin', '_api_') + r.chars(40, alnum)),
    whole('notion', 'notion-token', p('nt', 'n_') + r.chars(11, digits) + r.chars(35, alnum)),
    whole('docker', 'docker-token', p('dckr', '_pat_') + r.chars(27, urlSafe)),
    whole('figma', 'figma-token', p('fi', 'gd_') + r.chars(40, urlSafe)),
    whole('grafana', 'grafana-token', `${p('gl', 'sa_')}${r.chars(32, alnum)}_${r.chars(8, hex)}`),
    whole('1password', '1password-token', p('op', 's_', 'eyJ') + r.chars(200, base64)),
    whole('cloudflare', 'cloudflare-token', p('cf', 'ut_') + r.chars(40, alnum) + r.chars(8, hex)),
    whole('tailscale', 'tailscale-key', `${p('ts', 'key-')}auth-${r.chars(12, alnum)}-${r.chars(30, alnum)}`),
    whole('vercel', 'vercel-token', p('vc', 'p_') + r.chars(40, alnum)),
    whole('age', 'age-key', p('AGE-SECRET', '-KEY-1') + r.chars(58, 'QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L')),
    whole('digitalocean', 'digitalocean-token', p('do', 'p_v1_') + r.chars(64, hex)),
    whole('pulumi', 'pulumi-token', p('pu', 'l-') + r.chars(40, hex)),
    whole('postman', 'postman-key', `${p('PM', 'AK-')}${r.chars(24, hex)}-${r.chars(34, hex)}`),
    whole('sentry', 'sentry-token', p('sntr', 'yu_') + r.chars(64, hex)),
    whole('perplexity', 'perplexity-key', p('pp', 'lx-') + r.chars(48, alnum)),
    whole('planetscale', 'planetscale-token', p('pscale', '_pw_') + r.chars(43, urlSafe)),
    whole('heroku', 'heroku-key', p('HRKU', '-AA') + r.chars(58, urlSafe)),
    whole('azure-client-secret', 'azure-client-secret', `${r.chars(3, alnum)}${r.chars(1, digits)}${p('Q', '~')}${r.chars(34, `${alnum}_~.-`)}`),
    whole('jwt-unsigned', 'jwt', `${p('ey', 'J')}${r.chars(24, urlSafe)}.${p('ey', 'J')}${r.chars(40, urlSafe)}.`),
    whole('vault', 'vault-token', p('hv', 's.') + r.chars(96, urlSafe)),
    whole('databricks', 'databricks-token', p('da', 'pi') + r.chars(32, hex)),
    whole('terraform', 'terraform-token', `${r.chars(14, alnum)}${p('.atlas', 'v1.')}${r.chars(67, urlSafe)}`),
    whole('rubygems', 'rubygems-token', p('rubygems', '_') + r.chars(48, hex)),
    whole('clojars', 'clojars-token', p('CLOJARS', '_') + r.chars(60, lower + digits)),
    whole('doppler', 'doppler-token', p('dp.', 'pt.') + r.chars(43, alnum)),
    whole('dynatrace', 'dynatrace-token', `${p('dt0c', '01.')}${r.chars(24, upper + digits)}.${r.chars(64, upper + digits)}`),
    whole('newrelic', 'newrelic-key', p('NR', 'AK-') + r.chars(27, upper + digits)),
    whole('alibaba', 'alibaba-key', p('LT', 'AI') + r.chars(20, alnum)),
    whole('prefect', 'prefect-key', p('pn', 'u_') + r.chars(36, alnum)),
    whole('openshift', 'openshift-token', p('sha256', '~') + r.chars(43, urlSafe)),
    whole('sourcegraph', 'sourcegraph-token', p('sg', 'p_') + r.chars(40, hex)),
    whole('atlassian', 'atlassian-token', p('ATA', 'TT3') + r.chars(186, urlSafe)),
    part('teams-webhook', 'teams-webhook', `${p('https://contoso.webhook.', 'office.com/webhookb2/')}${r.chars(36, hex)}@${r.chars(36, hex)}/IncomingWebhook/`, `${r.chars(32, hex)}/${r.chars(36, hex)}`),
  ];
}
