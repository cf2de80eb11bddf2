import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Event, Pod } from '../../../shared/model/k8s';
import { getAttachFailures, getMultusError } from './attachFailures';
import type { PodNadUsage } from './podNetworks';

const pod = (name: string, uid = `uid-${name}`): Pod => ({
  metadata: { name, namespace: 'tenant-b', uid },
});

const event = (p: Pod, message: string, lastTimestamp: string, uid?: string): Event => ({
  metadata: { name: `${p.metadata.name}.${lastTimestamp}`, namespace: 'tenant-b' },
  involvedObject: { kind: 'Pod', name: p.metadata.name, namespace: 'tenant-b', uid },
  reason: 'FailedCreatePodSandBox',
  type: 'Warning',
  message,
  lastTimestamp,
  count: 3,
});

describe('getMultusError', () => {
  it('unwraps the kubelet and shim layers around the Multus error', () => {
    const inner =
      '[tenant-b/broken-app/u1:broken-ipam]: error adding container to network "broken-ipam": failed to find plugin "host-locall" in path [/var/lib/cni/bin /usr/libexec/cni]';
    const message =
      'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to create pod network sandbox k8s_broken-app_tenant-b_u1_0(abc): ' +
      'error adding pod tenant-b_broken-app to CNI network "multus-cni-network": plugin type="multus-shim" name="multus-cni-network" failed (add): ' +
      `CmdAdd (shim): CNI request failed with status 400: 'ContainerID:"abc" Netns:"/var/run/netns/x" IfName:"eth0" Args:"K8S_POD_NAME=broken-app" Path:"" ` +
      `ERRORED: error configuring pod [tenant-b/broken-app] networking: ${inner}\n'`;
    assert.equal(getMultusError(message), inner);
  });
  // multus-cni pkg/server/server.go (thick: "error configuring pod [ns/name] networking: ") and
  // containernetworking/plugins macvlan loadConf ("Link not found" when the master is missing).
  it('unwraps a missing-master failure from the thick plugin', () => {
    const inner =
      '[tenant-a/app/u2:storage]: error adding container to network "storage": Link not found';
    const message =
      'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to create pod network sandbox k8s_app_tenant-a_u2_0(def): ' +
      'error adding pod tenant-a_app to CNI network "multus-cni-network": plugin type="multus-shim" name="multus-cni-network" failed (add): ' +
      `CmdAdd (shim): CNI request failed with status 400: 'ContainerID:"def" Netns:"/var/run/netns/y" IfName:"eth0" Args:"K8S_POD_NAME=app" Path:"" ` +
      `ERRORED: error configuring pod [tenant-a/app] networking: ${inner}\n'`;
    assert.equal(getMultusError(message), inner);
  });
  // Thin plugin: libcni's "plugin type=… failed (add): " (containernetworking/cni libcni/api.go)
  // directly wraps Multus' cmdPluginErr text (multus-cni pkg/multus/multus.go).
  it('unwraps the thin plugin form, which has no shim layer', () => {
    const inner =
      '[tenant-a/app/u2:storage]: error adding container to network "storage": failed to lookup master "ens9": Link not found';
    const message =
      'Failed to create pod sandbox: rpc error: code = Unknown desc = failed to create pod network sandbox k8s_app_tenant-a_u2_0(def): ' +
      `error adding pod tenant-a_app to CNI network "multus-cni-network": plugin type="multus" name="multus-cni-network" failed (add): ${inner}`;
    assert.equal(getMultusError(message), inner);
  });
  it('returns other messages unchanged (trimmed)', () => {
    assert.equal(getMultusError('  something else  '), 'something else');
    assert.equal(getMultusError(''), '');
  });
});

describe('getAttachFailures', () => {
  const failing = pod('broken-app');
  const ok = pod('web-0');
  const usages: PodNadUsage[] = [
    { pod: failing, status: [], pending: true },
    { pod: ok, status: [], pending: false },
  ];
  it('pairs each pending pod with its newest sandbox failure', () => {
    const events = [
      event(failing, 'networking: old error', '2026-01-01T00:00:00Z'),
      event(failing, 'networking: new error', '2026-01-01T00:05:00Z'),
      { ...event(failing, 'networking: other', '2026-01-01T00:09:00Z'), reason: 'Scheduled' },
    ];
    const r = getAttachFailures(usages, events);
    assert.equal(r.length, 1);
    const [first] = r;
    assert.ok(first);
    assert.equal(first.error, 'new error');
    assert.equal(first.count, 3);
    assert.equal(first.lastSeen, '2026-01-01T00:05:00Z');
  });
  it('ignores events of an earlier pod with the same name', () => {
    const r = getAttachFailures(usages, [
      event(failing, 'networking: stale', '2026-01-01T00:00:00Z', 'another-uid'),
    ]);
    assert.equal(r[0]?.error, undefined);
    assert.equal(r[0]?.pod, failing);
  });
  it('lists pending pods without events (not yet reported)', () => {
    assert.deepEqual(getAttachFailures(usages, []), [{ pod: failing }]);
  });
});
