import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  ENVIRONMENTS,
  loadAppConfig,
  parseAppConfig,
  serviceUrl,
  type AppConfig,
} from './config.ts';

const ORIGIN = 'http://localhost:8080';

function served(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    environment: 'local',
    oidc: {
      authority: 'http://localhost:8080/oidc',
      clientId: 'seconde-spa',
      scope: 'openid profile email offline_access',
    },
    services: { main: 'http://localhost:8080', notification: 'http://localhost:8080/' },
    gouv: {
      addressApiUrl: 'https://api-adresse.data.gouv.fr/',
      geoApiUrl: 'https://geo.api.gouv.fr',
      addressMinChars: 3,
    },
    ...overrides,
  };
}

describe('parseAppConfig', () => {
  it.each(ENVIRONMENTS)('accepts the %s environment', (environment) => {
    expect(parseAppConfig(served({ environment }), ORIGIN).environment).toBe(environment);
  });

  it('keeps the sign-in settings and trims trailing slashes off service URLs', () => {
    const config = parseAppConfig(served(), ORIGIN);
    expect(config.oidc).toEqual({
      authority: 'http://localhost:8080/oidc',
      clientId: 'seconde-spa',
      scope: 'openid profile email offline_access',
    });
    expect(config.services).toEqual({
      main: 'http://localhost:8080',
      notification: 'http://localhost:8080',
    });
  });

  it('resolves relative service URLs against the page origin (one process, one origin)', () => {
    const config = parseAppConfig(
      served({ services: { main: '/', notification: '/notify' } }),
      'https://shop.example',
    );
    expect(config.services).toEqual({
      main: 'https://shop.example',
      notification: 'https://shop.example/notify',
    });
  });

  it.each([['qa'], [''], [undefined], [42]])(
    'rejects the unknown environment %j',
    (environment) => {
      expect(() => parseAppConfig(served({ environment }), ORIGIN)).toThrow(ConfigError);
      expect(() => parseAppConfig(served({ environment }), ORIGIN)).toThrow(/Unknown environment/);
    },
  );

  it('rejects an unknown service', () => {
    const services = { main: '/', notification: '/', billing: '/' };
    expect(() => parseAppConfig(served({ services }), ORIGIN)).toThrow(
      'Unknown service "billing"; expected one of main, notification',
    );
  });

  it('names a missing service', () => {
    expect(() => parseAppConfig(served({ services: { main: '/' } }), ORIGIN)).toThrow(
      'services.notification must be a non-empty string',
    );
  });

  it('refuses a service URL that is not http(s)', () => {
    const services = { main: 'ftp://files', notification: '/' };
    expect(() => parseAppConfig(served({ services }), ORIGIN)).toThrow(/must use http or https/);
  });

  it('names a missing sign-in setting', () => {
    const oidc = { authority: 'http://localhost:8080/oidc', clientId: 'seconde-spa' };
    expect(() => parseAppConfig(served({ oidc }), ORIGIN)).toThrow('oidc.scope');
  });

  it('keeps the government service URLs without trailing slash and the search minimum', () => {
    expect(parseAppConfig(served(), ORIGIN).gouv).toEqual({
      addressApiUrl: 'https://api-adresse.data.gouv.fr',
      geoApiUrl: 'https://geo.api.gouv.fr',
      addressMinChars: 3,
    });
  });

  it('names a missing or wrong government setting', () => {
    expect(() => parseAppConfig(served({ gouv: undefined }), ORIGIN)).toThrow('gouv.');
    const gouv = { addressApiUrl: '/a', geoApiUrl: '/g', addressMinChars: 0 };
    expect(() => parseAppConfig(served({ gouv }), ORIGIN)).toThrow(
      'gouv.addressMinChars must be a positive integer',
    );
    const noGeo = { addressApiUrl: '/a', addressMinChars: 3 };
    expect(() => parseAppConfig(served({ gouv: noGeo }), ORIGIN)).toThrow(
      'gouv.geoApiUrl must be a non-empty string',
    );
  });

  it('rejects something that is not an object at all', () => {
    expect(() => parseAppConfig('local', ORIGIN)).toThrow(ConfigError);
    expect(() => parseAppConfig(null, ORIGIN)).toThrow(ConfigError);
  });
});

describe('serviceUrl', () => {
  const config: AppConfig = parseAppConfig(served(), ORIGIN);

  it('answers the base URL of a known service', () => {
    expect(serviceUrl(config, 'main')).toBe('http://localhost:8080');
    expect(serviceUrl(config, 'notification')).toBe('http://localhost:8080');
  });

  it('throws a clear error for an unknown service', () => {
    expect(() => serviceUrl(config, 'payments')).toThrow(
      new ConfigError('Unknown service "payments"; expected one of main, notification'),
    );
  });
});

describe('loadAppConfig', () => {
  it('reads /app-config.json from the page origin', async () => {
    const asked: string[] = [];
    const fakeFetch: typeof fetch = (input) => {
      asked.push(String(input));
      return Promise.resolve(Response.json(served({ environment: 'staging' })));
    };
    const config = await loadAppConfig(ORIGIN, fakeFetch);
    expect(asked).toEqual(['http://localhost:8080/app-config.json']);
    expect(config.environment).toBe('staging');
  });

  it('fails when the server does not answer the configuration', async () => {
    const fakeFetch: typeof fetch = () => Promise.resolve(new Response('nope', { status: 404 }));
    await expect(loadAppConfig(ORIGIN, fakeFetch)).rejects.toThrow('/app-config.json answered 404');
  });
});
