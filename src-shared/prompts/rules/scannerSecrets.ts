// The secret kinds the dedicated scanners know beyond the capture writer's
// ten (writerSecrets.ts), as data: each row names where its pattern comes
// from (a rule of secretlint's recommended preset, a gitleaks default rule
// id) and is tested against that tool's own fixtures
// (test/unit/prompts/secretlintFixtures.test.ts). Why a table and not the
// library itself: see the README ("Secrets"). Patterns are JavaScript
// regexes run sticky at the places their anchor names; `(?<secret>…)` is
// the part reported and redacted when the match carries context (a key
// name, a URL's scheme and user).

import type { SecretRow } from './secretRows';

const word = '(?![A-Za-z0-9_])';
const alnum = '(?![A-Za-z0-9])';
/** The characters that end a URL's user or password: never inside one as written in a file. */
const notUrl = String.raw`\s/"'<>\x60`;

export const scannerRows: readonly SecretRow[] = [
  {
    kind: 'github-token',
    label: 'a GitHub token',
    source: 'secretlint-rule-github; gitleaks github-app-token, github-refresh-token',
    pattern: String.raw`gh[ur]_[A-Za-z0-9]{36}${word}`,
    anchor: { source: '_', heads: ['ghu_', 'ghr_'] },
  },
  {
    kind: 'github-token',
    label: 'a GitHub fine-grained token',
    source: 'secretlint-rule-github; gitleaks github-fine-grained-pat',
    pattern: String.raw`github_pat_[A-Za-z0-9_]{82}${word}`,
    anchor: { source: '_', heads: ['github_pat_'] },
  },
  {
    kind: 'gitlab-token',
    label: 'a GitLab token',
    source: 'secretlint-rule-gitlab; gitleaks gitlab-pat, gitlab-pat-routable, gitlab-ptt, gitlab-runner-authentication-token, gitlab-deploy-token, gitlab-feed-token, gitlab-cicd-job-token, gitlab-incoming-mail-token, gitlab-kubernetes-agent-token, gitlab-oauth-app-secret, gitlab-scim-token, gitlab-feature-flag-client-token',
    pattern: String.raw`gl(?:pat|ptt|rt|dt|ft|cbt|imt|agent|oas|soat|ffct)-[0-9A-Za-z_-]{20,300}(?:\.[0-9a-z]{9})?(?![0-9A-Za-z_-])`,
    anchor: { source: '-', heads: ['glpat-', 'glptt-', 'glrt-', 'gldt-', 'glft-', 'glcbt-', 'glimt-', 'glagent-', 'gloas-', 'glsoat-', 'glffct-'] },
  },
  {
    kind: 'slack-token',
    label: 'a Slack token',
    source: 'secretlint-rule-slack; gitleaks slack-bot-token, slack-user-token, slack-app-token, slack-legacy-token',
    pattern: String.raw`(?:xox[bpaorse]|xapp)-(?=[A-Za-z0-9-]{15})(?:[0-9]+-)?(?:[A-Za-z0-9]{1,80}-)+[A-Za-z0-9]{1,80}(?![A-Za-z0-9-])`,
    anchor: { source: '-', heads: ['xoxb-', 'xoxp-', 'xoxa-', 'xoxo-', 'xoxr-', 'xoxs-', 'xoxe-', 'xapp-'] },
  },
  {
    kind: 'slack-webhook',
    label: 'a Slack webhook URL',
    source: 'secretlint-rule-slack (IncomingWebhook); gitleaks slack-webhook-url',
    pattern: String.raw`https://hooks\.slack\.com/(?:services|workflows|triggers)/(?<secret>[A-Za-z0-9+/]{16,})`,
    anchor: { source: '[=:]', words: ['https'] },
  },
  {
    kind: 'discord-webhook',
    label: 'a Discord webhook URL',
    source: "Discord's webhook URL format (issue 19's list; no secretlint or gitleaks default rule)",
    pattern: String.raw`https://(?:(?:ptb|canary)\.)?discord(?:app)?\.com/api/webhooks/[0-9]{5,30}/(?<secret>[A-Za-z0-9_-]{20,})`,
    anchor: { source: '[=:]', words: ['https'] },
  },
  {
    kind: 'stripe-key',
    label: 'a Stripe secret key',
    source: 'secretlint-rule-stripe; gitleaks stripe-access-token',
    pattern: String.raw`[rs]k_(?:live|test|prod)_[A-Za-z0-9]{20,99}${alnum}`,
    anchor: { source: '_', heads: ['sk_live_', 'sk_test_', 'sk_prod_', 'rk_live_', 'rk_test_', 'rk_prod_'] },
  },
  {
    kind: 'openai-key',
    label: 'an OpenAI project, service or admin key',
    source: 'secretlint-rule-openai; gitleaks openai-api-key',
    pattern: String.raw`sk-(?:proj|svcacct|admin)-[A-Za-z0-9_-]{20,}`,
    anchor: { source: '-', heads: ['sk-proj-', 'sk-svcacct-', 'sk-admin-'] },
  },
  {
    kind: 'google-api-key',
    label: 'a Google API key',
    source: 'gitleaks gcp-api-key',
    pattern: String.raw`AIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])`,
    anchor: { source: 'AIza', heads: ['AIza'] },
  },
  {
    kind: 'aws-access-key',
    label: 'an AWS access key id',
    source: 'secretlint-rule-aws (AWSAccessKeyID); gitleaks aws-access-token',
    pattern: String.raw`(?:ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z2-7]{16}(?![\p{L}\p{N}_])`,
    anchor: { source: 'A(?:SIA|BIA|CCA|3T)', heads: ['ASIA', 'ABIA', 'ACCA', 'A3T'] },
  },
  {
    kind: 'aws-secret-key',
    label: 'an AWS secret access key',
    source: 'secretlint-rule-aws (AWSSecretAccessKey)',
    pattern: String.raw`secret[_-]?access[_-]?key["']?\s*(?:=>|=|:)\s*["']?(?<secret>[A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])`,
    ignoreCase: true,
    midWord: true,
    anchor: { source: '[=:]', words: ['secret_access_key', 'secretaccesskey', 'secret-access-key'], quoted: true },
  },
  {
    kind: 'azure-storage-key',
    label: 'an Azure storage account key',
    source: "Azure Storage connection strings (AccountKey=, 64 bytes in base64), as GitHub secret scanning's azure_storage_account_key",
    pattern: String.raw`AccountKey=(?<secret>[A-Za-z0-9+/]{86}==)`,
    ignoreCase: true,
    anchor: { source: '[=:]', words: ['accountkey'] },
  },
  {
    kind: 'azure-storage-key',
    label: 'an Azure shared access key',
    source: 'Azure Service Bus and Event Hubs connection strings (SharedAccessKey=, 32 bytes in base64)',
    pattern: String.raw`SharedAccessKey=(?<secret>[A-Za-z0-9+/]{43}=)`,
    ignoreCase: true,
    anchor: { source: '[=:]', words: ['sharedaccesskey'] },
  },
  {
    kind: 'npm-token',
    label: 'an npm access token',
    source: 'secretlint-rule-npm (NPM_ACCESS_TOKEN); gitleaks npm-access-token',
    pattern: String.raw`npm_[A-Za-z0-9]{36}${word}`,
    anchor: { source: '_', heads: ['npm_'] },
  },
  {
    kind: 'npm-token',
    label: 'an npm auth token',
    source: 'secretlint-rule-npm (NPM_TOKEN, `_authToken=` in .npmrc)',
    pattern: String.raw`_authToken\s*=\s*(?<secret>[^\s"'$\[{<(][^\s"']{7,})`,
    ignoreCase: true,
    midWord: true,
    anchor: { source: '[=:]', words: ['_authtoken'] },
  },
  {
    kind: 'pypi-token',
    label: 'a PyPI upload token',
    source: 'gitleaks pypi-upload-token',
    pattern: String.raw`pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,1000}`,
    anchor: { source: '-', heads: ['pypi-'] },
  },
  {
    kind: 'sendgrid-key',
    label: 'a SendGrid API key',
    source: 'secretlint-rule-sendgrid; gitleaks sendgrid-api-token',
    pattern: String.raw`SG\.[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{16,64}(?![A-Za-z0-9_-])`,
    anchor: { source: 'SG\\.', heads: ['SG.'] },
  },
  {
    kind: 'twilio-key',
    label: 'a Twilio API key',
    source: 'gitleaks twilio-api-key',
    pattern: String.raw`SK[0-9a-fA-F]{32}(?![\p{L}\p{N}_])`,
    anchor: { source: 'K', heads: ['SK'] },
  },
  {
    kind: 'shopify-token',
    label: 'a Shopify token',
    source: 'secretlint-rule-shopify; gitleaks shopify-access-token, shopify-custom-access-token, shopify-private-app-access-token, shopify-shared-secret',
    pattern: String.raw`shp(?:at|ca|pa|ss)_[A-Za-z0-9]{32,64}${alnum}`,
    anchor: { source: '_', heads: ['shpat_', 'shpca_', 'shppa_', 'shpss_'] },
  },
  {
    kind: 'huggingface-token',
    label: 'a Hugging Face token',
    source: 'secretlint-rule-huggingface; gitleaks huggingface-access-token, huggingface-organization-api-token',
    pattern: String.raw`(?:hf|api_org)_[A-Za-z]{34}${word}`,
    anchor: { source: '_', heads: ['hf_', 'api_org_'] },
  },
  {
    kind: 'private-key',
    label: 'a private key',
    source: 'secretlint-rule-privatekey; gitleaks private-key',
    // The whole block when its end is there (one finding over every line), else the header and the key text that follows it.
    pattern: String.raw`-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----(?:[A-Za-z0-9+/=\s\\:.,()-]{64,65536}?-----END[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----|[A-Za-z0-9+/=\s\\]{64,65536})`,
    midWord: true,
    anchor: { source: '-', heads: ['-----BEGIN'] },
  },
  {
    kind: 'url-credentials',
    label: 'a password in a URL',
    source: 'secretlint-rule-basicauth',
    pattern: String.raw`(?:https?|ftps?)://(?<user>[^${notUrl}:@]{1,256}):(?<secret>[^${notUrl}]{1,256})@(?=[A-Za-z0-9[])`,
    ignoreCase: true,
    anchor: { source: '[=:]', words: ['http', 'https', 'ftp', 'ftps'] },
  },
  {
    kind: 'database-url',
    label: 'a database password in a connection string',
    source: 'secretlint-rule-database-connection-string (MongoDB, MySQL, PostgreSQL; Redis, AMQP, SQL Server alike)',
    pattern: String.raw`(?:mongodb(?:\+srv)?|postgres(?:ql)?|mysqlx?|mariadb|rediss?|amqps?|mssql|sqlserver)://(?<user>[^${notUrl}:@]{0,256}):(?<secret>[^${notUrl}]{1,256})@(?=[A-Za-z0-9[])`,
    ignoreCase: true,
    anchor: { source: '[=:]', words: ['mongodb', 'mongodb+srv', 'postgres', 'postgresql', 'mysql', 'mysqlx', 'mariadb', 'redis', 'rediss', 'amqp', 'amqps', 'mssql', 'sqlserver'] },
  },
  { kind: 'groq-key', label: 'a Groq API key', source: 'secretlint-rule-groq', pattern: String.raw`gsk_[A-Za-z0-9]{52}${alnum}`, anchor: { source: '_', heads: ['gsk_'] } },
  { kind: 'linear-key', label: 'a Linear API key', source: 'secretlint-rule-linear; gitleaks linear-api-key', pattern: String.raw`lin_api_[A-Za-z0-9_]{32,128}${word}`, anchor: { source: '_', heads: ['lin_api_'] } },
  { kind: 'notion-token', label: 'a Notion integration token', source: 'secretlint-rule-notion; gitleaks notion-api-token', pattern: String.raw`ntn_[0-9]{11}[A-Za-z0-9]{35}${alnum}`, anchor: { source: '_', heads: ['ntn_'] } },
  { kind: 'docker-token', label: 'a Docker personal access token', source: 'secretlint-rule-docker', pattern: String.raw`dckr_pat_[A-Za-z0-9_-]{27}(?![A-Za-z0-9_-])`, anchor: { source: '_', heads: ['dckr_pat_'] } },
  { kind: 'figma-token', label: 'a Figma token', source: 'secretlint-rule-figma', pattern: String.raw`figd_[A-Za-z0-9_-]{40,200}(?![A-Za-z0-9_-])`, anchor: { source: '_', heads: ['figd_'] } },
  {
    kind: 'grafana-token',
    label: 'a Grafana token',
    source: 'secretlint-rule-grafana; gitleaks grafana-cloud-api-token, grafana-service-account-token',
    pattern: String.raw`(?:glc_[A-Za-z0-9+/]{32,400}={0,2}(?![A-Za-z0-9+/=])|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}${alnum})`,
    anchor: { source: '_', heads: ['glc_', 'glsa_'] },
  },
  {
    kind: '1password-token',
    label: 'a 1Password service account token',
    source: 'secretlint-rule-1password; gitleaks 1password-service-account-token',
    pattern: String.raw`ops_eyJ[A-Za-z0-9+/=]{100,1280}`,
    anchor: { source: '_', heads: ['ops_'] },
  },
  {
    kind: 'cloudflare-token',
    label: 'a Cloudflare API token',
    source: 'secretlint-rule-cloudflare',
    pattern: String.raw`(?:cfk|cfut|cfat)_[A-Za-z0-9]{40}[0-9a-f]{8}${alnum}`,
    anchor: { source: '_', heads: ['cfk_', 'cfut_', 'cfat_'] },
  },
  {
    kind: 'tailscale-key',
    label: 'a Tailscale key',
    source: 'secretlint-rule-tailscale',
    pattern: String.raw`tskey-[a-z]{2,20}-[0-9A-Za-z_]{8,40}-[0-9A-Za-z_]{16,60}(?![0-9A-Za-z_])`,
    anchor: { source: '-', heads: ['tskey-'] },
  },
  {
    kind: 'vercel-token',
    label: 'a Vercel token',
    source: 'secretlint-rule-vercel',
    pattern: String.raw`vc[pikar]_[A-Za-z0-9]{20,60}${alnum}`,
    anchor: { source: '_', heads: ['vcp_', 'vci_', 'vca_', 'vcr_', 'vck_'] },
  },
  { kind: 'age-key', label: 'an age secret key', source: 'gitleaks age-secret-key', pattern: String.raw`AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}`, anchor: { source: '-', heads: ['AGE-'] } },
  {
    kind: 'digitalocean-token',
    label: 'a DigitalOcean token',
    source: 'gitleaks digitalocean-pat, digitalocean-access-token, digitalocean-refresh-token',
    pattern: String.raw`do[opr]_v1_[a-f0-9]{64}${alnum}`,
    anchor: { source: '_', heads: ['dop_', 'doo_', 'dor_'] },
  },
  { kind: 'pulumi-token', label: 'a Pulumi access token', source: 'gitleaks pulumi-api-token', pattern: String.raw`pul-[a-f0-9]{40}${alnum}`, anchor: { source: '-', heads: ['pul-'] } },
  { kind: 'postman-key', label: 'a Postman API key', source: 'gitleaks postman-api-token', pattern: String.raw`PMAK-[a-fA-F0-9]{24}-[a-fA-F0-9]{34}${alnum}`, anchor: { source: '-', heads: ['PMAK-'] } },
  { kind: 'sentry-token', label: 'a Sentry user token', source: 'gitleaks sentry-user-token', pattern: String.raw`sntryu_[a-f0-9]{64}${alnum}`, anchor: { source: '_', heads: ['sntryu_'] } },
  { kind: 'perplexity-key', label: 'a Perplexity API key', source: 'gitleaks perplexity-api-key', pattern: String.raw`pplx-[A-Za-z0-9]{48}${alnum}`, anchor: { source: '-', heads: ['pplx-'] } },
  {
    kind: 'planetscale-token',
    label: 'a PlanetScale password or token',
    source: 'gitleaks planetscale-password, planetscale-api-token, planetscale-oauth-token',
    pattern: String.raw`pscale_(?:pw|tkn|oauth)_[A-Za-z0-9=._-]{32,64}(?![A-Za-z0-9=._-])`,
    anchor: { source: '_', heads: ['pscale_'] },
  },
  { kind: 'heroku-key', label: 'a Heroku API key', source: 'gitleaks heroku-api-key-v2', pattern: String.raw`HRKU-AA[0-9a-zA-Z_-]{58}(?![0-9a-zA-Z_-])`, anchor: { source: '-', heads: ['HRKU-'] } },
];
