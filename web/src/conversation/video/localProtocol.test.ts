import assert from 'node:assert/strict';
import { describe, it } from 'vitest';
import { initialProtocol, onFailed, onSignal, onStalled, wantsHello, type Envelope, type ProtocolState } from './localProtocol';

let n = 0;
const cid = () => `c${++n}`;

/** Two pages exchanging signals in order; `drop` loses what is sent to the guest (not yet listening). */
function room() {
  let host = initialProtocol('host', 'H');
  let guest = initialProtocol('guest', 'G');
  const connects: string[] = [];
  const left: string[] = [];
  const run = (to: 'host' | 'guest', kind: string, env: Envelope, now: number, drop = false): Envelope[] => {
    if (drop) return [];
    const state: ProtocolState = to === 'host' ? host : guest;
    const step = onSignal(state, kind, env, now, cid);
    if (to === 'host') host = step.state;
    else guest = step.state;
    const out: Envelope[] = [];
    for (const a of step.actions) {
      if (a.type === 'connect') connects.push(`${to}:${a.cid}`);
      if (a.type === 'peer-left') left.push(to);
      if (a.type === 'hello') out.push({ s: step.state.me, c: a.c, to: a.to });
      if (a.type === 'resend') out.push({ s: step.state.me, c: step.state.cid, to: a.to });
    }
    return out;
  };
  return {
    run,
    connects,
    left,
    get host() {
      return host;
    },
    get guest() {
      return guest;
    },
    set host(s) {
      host = s;
    },
    set guest(s) {
      guest = s;
    },
  };
}

describe('local signalling protocol', () => {
  it('connects a guest who arrives after the host on one connection id', () => {
    const r = room();
    const replies = r.run('host', 'hello', { s: 'G', c: null }, 0);
    assert.deepEqual(replies, [{ s: 'H', c: 'c1', to: 'G' }]);
    assert.deepEqual(r.run('guest', 'hello', replies[0], 10), []);
    assert.deepEqual(r.connects, ['host:c1', 'guest:c1']);
    assert.equal(wantsHello(r.guest), false);
    // Offers and the like reach the connection only with the current cid and peer.
    assert.deepEqual(onSignal(r.guest, 'offer', { s: 'H', c: 'c1' }, 20, cid).actions, [{ type: 'deliver' }]);
    assert.deepEqual(onSignal(r.guest, 'offer', { s: 'H', c: 'c0' }, 20, cid).actions, []);
    assert.deepEqual(onSignal(r.host, 'candidate', { s: 'X', c: 'c1' }, 20, cid).actions, []);
  });

  it('answers a host who arrives after the guest', () => {
    const r = room();
    const [answer] = r.run('guest', 'hello', { s: 'H', c: null }, 0);
    assert.deepEqual(answer, { s: 'G', c: null, to: 'H' });
    const [reply] = r.run('host', 'hello', answer, 5);
    r.run('guest', 'hello', reply, 10);
    assert.equal(r.guest.cid, r.host.cid);
  });

  it('says its reply again when it was lost, on the same connection, and ignores a hello that crossed it', () => {
    n = 10;
    const r = room();
    const [lost] = r.run('host', 'hello', { s: 'G', c: null }, 0);
    r.run('guest', 'hello', lost, 5, true);
    assert.deepEqual(r.run('host', 'hello', { s: 'G', c: null }, 800), [], 'crossed: within the grace');
    const [again] = r.run('host', 'hello', { s: 'G', c: null }, 2000);
    assert.deepEqual(again, { s: 'H', c: 'c11', to: 'G' }, 'the same connection, said again (with its offer)');
    r.run('guest', 'hello', again, 2010);
    assert.equal(r.guest.cid, 'c11');
    assert.deepEqual(r.connects, ['host:c11', 'guest:c11']);
  });

  it('keeps one connection while signals are slower than the hellos (a loaded machine)', () => {
    n = 40;
    const r = room();
    // The guest says hello every 2 s; each of the host's replies takes 5 s to arrive.
    const [reply] = r.run('host', 'hello', { s: 'G', c: null }, 0);
    for (const at of [2000, 4000]) assert.equal(r.run('host', 'hello', { s: 'G', c: null }, at)[0]?.c, 'c41');
    r.run('guest', 'hello', reply, 5000);
    assert.deepEqual(r.connects, ['host:c41', 'guest:c41']);
    // The guest's answer on it: from now on, a hello without a connection means the guest lost it.
    r.run('host', 'answer', { s: 'G', c: 'c41' }, 6000);
    assert.equal(r.host.heard, true);
    assert.equal(r.run('host', 'hello', { s: 'G', c: null }, 9000)[0]?.c, 'c42', 'a new connection for a guest who dropped c41');
  });

  it("ignores a guest's answers to hellos the host sent before its current connection", () => {
    n = 50;
    const r = room();
    r.run('host', 'hello', { s: 'G', c: null }, 0);
    assert.deepEqual(r.run('host', 'hello', { s: 'G', c: null, to: 'H' }, 3000), []);
    // After a stalled connection the host said hello without one, every 2 s; the guest, still on
    // the old connection, answered each with it. The first answer makes a new one, the rest are old.
    r.host = onStalled(r.host, 'c51').state;
    assert.equal(r.run('host', 'hello', { s: 'G', c: 'c51', to: 'H' }, 14_000)[0]?.c, 'c52');
    assert.deepEqual(r.run('host', 'hello', { s: 'G', c: 'c51', to: 'H' }, 16_000), []);
    assert.deepEqual(r.connects, ['host:c51', 'host:c52']);
  });

  it('reconnects a guest who reloaded and ignores what is addressed to the old page', () => {
    n = 20;
    const r = room();
    r.run('guest', 'hello', r.run('host', 'hello', { s: 'G', c: null }, 0)[0], 1);
    const [reply] = r.run('host', 'hello', { s: 'G2', c: null }, 5000);
    assert.deepEqual(reply, { s: 'H', c: 'c22', to: 'G2' });
    assert.deepEqual(r.run('guest', 'hello', reply, 5001), [], 'the old page is not G2');
    assert.equal(r.guest.cid, 'c21');
  });

  it('ends the connection on bye from the peer or a failure, then says hello again', () => {
    const r = room();
    r.run('guest', 'hello', r.run('host', 'hello', { s: 'G', c: null }, 0)[0], 1);
    r.run('host', 'bye', { s: 'X', c: null }, 2);
    assert.deepEqual(r.left, [], 'bye from someone else');
    r.run('host', 'bye', { s: 'G', c: r.host.cid }, 3);
    assert.deepEqual(r.left, ['host']);
    assert.equal(wantsHello(r.host), true);
    const failed = onFailed(r.guest, r.guest.cid!);
    assert.deepEqual(failed.actions, [{ type: 'peer-left' }]);
    assert.equal(wantsHello(failed.state), true);
    assert.deepEqual(onFailed(r.guest, 'old').actions, [], 'a stale connection failing changes nothing');
  });

  it('starts over, quietly, when a connection does not connect in time', () => {
    n = 30;
    const r = room();
    r.run('guest', 'hello', r.run('host', 'hello', { s: 'G', c: null }, 0)[0], 1);
    const stalled = onStalled(r.guest, 'c31');
    assert.deepEqual(stalled.actions, [], 'the peer did not leave');
    assert.equal(wantsHello(stalled.state), true);
    r.guest = stalled.state;
    const [reply] = r.run('host', 'hello', { s: 'G', c: null }, 13_000);
    assert.deepEqual(reply, { s: 'H', c: 'c32', to: 'G' }, 'the host makes a fresh connection');
    r.run('guest', 'hello', reply, 13_001);
    assert.equal(r.guest.cid, 'c32');
  });
});
