// Rules from k8snetworkplumbingwg/multus-cni pkg/k8sclient/k8sclient.go (parsePodNetworkAnnotation,
// parsePodNetworkObjectName); each test names the rule it follows.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  networkSelectionErrorText,
  parseNetworkSelection,
  requestedNetworkKeys,
} from './networkSelection';

describe('parseNetworkSelection (multus-cni pkg/k8sclient/k8sclient.go)', () => {
  it('comma form: [namespace/]name[@interface], the pod namespace by default, parts trimmed', () => {
    assert.deepEqual(parseNetworkSelection('a, ns2/b@eth9 ,  c @ net3', 'ns'), {
      ok: true,
      items: [
        { namespace: 'ns', name: 'a' },
        { namespace: 'ns2', name: 'b', interface: 'eth9' },
        { namespace: 'ns', name: 'c', interface: 'net3' },
      ],
    });
  });

  it('an empty or absent annotation asks for no networks (GetPodNetwork: no kubernetes network)', () => {
    assert.deepEqual(parseNetworkSelection('', 'ns'), { ok: true, items: [] });
    assert.deepEqual(parseNetworkSelection(undefined, 'ns'), { ok: true, items: [] });
  });

  it('comma form: an empty item is kept with an empty name (rejected only at lookup)', () => {
    const r = parseNetworkSelection('a,,b', 'ns');
    assert.ok(r.ok);
    assert.deepEqual(
      r.items.map((i) => i.name),
      ['a', '', 'b'],
    );
  });

  it('comma form: names and namespaces must be DNS-1123 labels', () => {
    for (const [value, bad] of [
      ['Storage', 'Storage'],
      ['my_net', 'my_net'],
      ['-net', '-net'],
      ['Tenant/net', 'Tenant'],
      ['ns/net-', 'net-'],
    ] as const) {
      assert.deepEqual(parseNetworkSelection(value, 'ns'), {
        ok: false,
        error: { code: 'invalidName', detail: bad },
      });
    }
  });

  it("comma form: a second '/' or '@' is rejected", () => {
    const slash = parseNetworkSelection('a/b/c', 'ns');
    assert.ok(!slash.ok);
    assert.equal(slash.error.code, 'slashFormat');
    const at = parseNetworkSelection('a@b@c', 'ns');
    assert.ok(!at.ok);
    assert.equal(at.error.code, 'atFormat');
  });

  it('comma form: the interface name is at most IFNAMSIZ-1 (15) characters, no "/" or spaces', () => {
    assert.ok(parseNetworkSelection('a@abcdefghijklmno', 'ns').ok);
    assert.deepEqual(parseNetworkSelection('a@abcdefghijklmnop', 'ns'), {
      ok: false,
      error: { code: 'invalidInterface', detail: 'abcdefghijklmnop' },
    });
    // Upper case is fine in an interface name: only namespace and name are DNS-1123 checked.
    assert.ok(parseNetworkSelection('a@Net1', 'ns').ok);
  });

  it('JSON form is chosen when the value contains [, { or " anywhere', () => {
    const r = parseNetworkSelection(
      '[{"name":"c","namespace":"x","interface":"net5","ips":["10.0.0.5/24"],"mac":"02:00:00:00:00:01"},{"name":"d"}]',
      'ns',
    );
    assert.deepEqual(r, {
      ok: true,
      items: [
        {
          name: 'c',
          namespace: 'x',
          interface: 'net5',
          ips: ['10.0.0.5/24'],
          mac: '02:00:00:00:00:01',
        },
        { name: 'd', namespace: 'ns' },
      ],
    });
    // A quote makes it JSON even without brackets, and a bare JSON string is not a list.
    const quoted = parseNetworkSelection('"a"', 'ns');
    assert.ok(!quoted.ok);
    assert.equal(quoted.error.code, 'invalidJson');
  });

  it('JSON form: names are not DNS-1123 checked, the legacy interfaceRequest key still works', () => {
    assert.deepEqual(parseNetworkSelection('[{"name":"Odd_Name","interfaceRequest":"x1"}]', 'ns'), {
      ok: true,
      items: [{ name: 'Odd_Name', namespace: 'ns', interface: 'x1' }],
    });
  });

  it('JSON form: syntax and type errors use the JSON decoder wording', () => {
    const truncated = parseNetworkSelection('[{', 'ns');
    assert.deepEqual(truncated, {
      ok: false,
      error: { code: 'invalidJson', detail: 'unexpected end of JSON input' },
    });
    const obj = parseNetworkSelection('{"name":"a"}', 'ns');
    assert.ok(!obj.ok);
    assert.equal(
      obj.error.detail,
      'json: cannot unmarshal object into Go value of type []*types.NetworkSelectionElement',
    );
    const num = parseNetworkSelection('[{"name":5}]', 'ns');
    assert.ok(!num.ok);
    assert.match(num.error.detail, /NetworkSelectionElement\.name of type string/);
  });

  it('MAC and IP requests are validated (net.ParseMAC, net.ParseIP / net.ParseCIDR)', () => {
    assert.deepEqual(parseNetworkSelection('[{"name":"a","mac":"02:00:00:00:01"}]', 'ns'), {
      ok: false,
      error: { code: 'invalidMac', detail: '02:00:00:00:01' },
    });
    assert.deepEqual(parseNetworkSelection('[{"name":"a","ips":["10.0.0.300"]}]', 'ns'), {
      ok: false,
      error: { code: 'invalidIp', detail: '10.0.0.300' },
    });
    assert.deepEqual(parseNetworkSelection('[{"name":"a","ips":["fd00::5/129"]}]', 'ns'), {
      ok: false,
      error: { code: 'invalidIp', detail: 'fd00::5/129' },
    });
    assert.ok(parseNetworkSelection('[{"name":"a","ips":["fd00::5/64","10.1.2.3"]}]', 'ns').ok);
  });
});

describe('networkSelectionErrorText (multus-cni pkg/k8sclient/k8sclient.go messages)', () => {
  it('renders the comma-form name error as parsePodNetworkObjectName words it', () => {
    const r = parseNetworkSelection('Storage', 'ns');
    assert.ok(!r.ok);
    assert.equal(
      networkSelectionErrorText(r.error),
      "parsePodNetworkAnnotation: parsePodNetworkObjectName: Failed to parse: one or more items did not match comma-delimited format (must consist of lower case alphanumeric characters). Must start and end with an alphanumeric character), mismatch @ 'Storage'",
    );
  });
  it('renders a JSON error with the annotation-format prefix', () => {
    const r = parseNetworkSelection('[{', 'ns');
    assert.ok(!r.ok);
    assert.equal(
      networkSelectionErrorText(r.error),
      'parsePodNetworkAnnotation: failed to parse pod Network Attachment Selection Annotation JSON format: unexpected end of JSON input',
    );
  });
});

describe('requestedNetworkKeys', () => {
  it('lists namespace/name, skipping empty items and everything of a rejected annotation', () => {
    assert.deepEqual(requestedNetworkKeys('a, ,other/b@x', 'ns'), ['ns/a', 'other/b']);
    assert.deepEqual(requestedNetworkKeys(' ', 'ns'), []);
    assert.deepEqual(requestedNetworkKeys('a,B', 'ns'), []);
  });
});
