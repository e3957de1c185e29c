import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { CustomServiceData } from './custom-service-plan';
import { NAME_FIELD } from './entry-form-schema';

/** Name/value pairs for environment variables and headers; a secret one goes to the vault. */
const PAIR: RJSFSchema = {
  type: 'object',
  required: ['name', 'value'],
  properties: {
    name: { type: 'string', title: 'Name', minLength: 1 },
    value: { type: 'string', title: 'Value' },
    secret: { type: 'boolean', title: 'Keep in the vault (secret)', default: false },
  },
};

const CLIENT_ID: RJSFSchema = { type: 'string', title: 'Client ID', description: 'Only if the service gave you one; otherwise the app registers itself.' };
const SCOPES: RJSFSchema = { type: 'string', title: 'Scopes', description: 'Space-separated; leave empty to use what the service asks for.' };

const URL_FIELD: RJSFSchema = {
  type: 'string',
  title: 'URL',
  pattern: '^https?://',
  errorMessage: 'Enter an http:// or https:// address.',
  description: 'The Streamable HTTP endpoint, e.g. https://example.com/mcp',
};

const AUTH_CHOICES: RJSFSchema[] = [
  { const: 'none', title: 'None' },
  { const: 'oauth', title: 'OAuth in the browser' },
  { const: 'device', title: 'OAuth with a device code' },
  { const: 'api_key', title: 'API key' },
  { const: 'client_credentials', title: 'OAuth client credentials' },
];

const AUTH_BRANCHES: RJSFSchema[] = [
  { properties: { auth: { const: 'none' } } },
  { properties: { auth: { const: 'oauth' }, clientId: CLIENT_ID, scopes: SCOPES } },
  { properties: { auth: { const: 'device' }, clientId: CLIENT_ID, scopes: SCOPES } },
  {
    properties: {
      auth: { const: 'api_key' },
      apiKey: { type: 'string', title: 'API key', minLength: 1, description: 'Stored in the vault, never in mcp.json.' },
      header: { type: 'string', title: 'Header', description: 'Default: Authorization', pattern: "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$" },
      scheme: { type: 'string', title: 'Scheme', description: 'Written before the key; default Bearer for the Authorization header.' },
    },
    required: ['apiKey'],
  },
  {
    properties: {
      auth: { const: 'client_credentials' },
      clientId: { type: 'string', title: 'Client ID', minLength: 1 },
      clientSecret: { type: 'string', title: 'Client secret', minLength: 1, description: 'Stored in the vault, never in mcp.json.' },
      scopes: SCOPES,
    },
    required: ['clientId', 'clientSecret'],
  },
];

/** The custom service form: a stdio command or a URL, with auth options and secrets. */
export const CUSTOM_SERVICE_SCHEMA: RJSFSchema = {
  type: 'object',
  required: ['name', 'transport'],
  definitions: { pair: PAIR },
  properties: {
    name: NAME_FIELD,
    description: { type: 'string', title: 'Description', maxLength: 500 },
    transport: {
      type: 'string',
      title: 'Runs as',
      oneOf: [
        { const: 'stdio', title: 'A program on this computer (stdio)' },
        { const: 'http', title: 'A remote service at a URL (Streamable HTTP)' },
      ],
      default: 'stdio',
    },
  },
  dependencies: {
    transport: {
      oneOf: [
        {
          properties: {
            transport: { const: 'stdio' },
            command: { type: 'string', title: 'Command', minLength: 1, description: 'The program to run, e.g. npx, uvx, node or a full path. A whole command line pasted here is split into program and arguments.' },
            args: { type: 'array', title: 'Arguments', items: { type: 'string', title: 'Argument' } },
            cwd: { type: 'string', title: 'Folder', description: 'Where the program runs; leave empty for the default.' },
            env: { type: 'array', title: 'Environment variables', items: { $ref: '#/definitions/pair' } },
          },
          required: ['command'],
        },
        {
          properties: {
            transport: { const: 'http' },
            url: URL_FIELD,
            auth: { type: 'string', title: 'Sign-in', oneOf: AUTH_CHOICES, default: 'none' },
            headers: { type: 'array', title: 'Extra headers', items: { $ref: '#/definitions/pair' } },
          },
          required: ['url', 'auth'],
          dependencies: { auth: { oneOf: AUTH_BRANCHES } },
        },
      ],
    },
  },
};

export const CUSTOM_SERVICE_UI: UiSchema<CustomServiceData> = {
  'ui:order': ['name', 'description', 'transport', 'command', 'args', 'cwd', 'env', 'url', 'auth', 'clientId', 'clientSecret', 'apiKey', 'header', 'scheme', 'scopes', 'headers', '*'],
  name: { 'ui:autocomplete': 'off' },
  description: { 'ui:widget': 'textarea', 'ui:options': { rows: 2 } },
  transport: { 'ui:widget': 'radio' },
  auth: { 'ui:widget': 'select' },
  apiKey: { 'ui:widget': 'password', 'ui:autocomplete': 'off' },
  clientSecret: { 'ui:widget': 'password', 'ui:autocomplete': 'off' },
  // Each item named for what it is (the form library's default is "Environment variables-1").
  env: { items: { 'ui:title': 'Variable', value: { 'ui:autocomplete': 'off' } } },
  headers: { items: { 'ui:title': 'Header', value: { 'ui:autocomplete': 'off' } } },
};
