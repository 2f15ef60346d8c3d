import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from './app';

let sandbox: Sandbox | undefined;
afterEach(async () => {
  await sandbox?.close();
  sandbox = undefined;
});

describe('the sandbox index page', () => {
  it('lists every terminal by name with a link to its paper page', async () => {
    sandbox = await createSandbox();
    const response = await sandbox.app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<a href="/__sandbox/terminals/NEWLAND_N950__SBX0000001/view" data-terminal="NEWLAND_N950__SBX0000001">Caja 1</a>');
    expect(response.body).toContain('Kiosco');
    const paper = await sandbox.app.inject({ method: 'GET', url: '/__sandbox/terminals/NEWLAND_N950__SBX0000001/view' });
    expect(paper.statusCode).toBe(200);
  });
});
