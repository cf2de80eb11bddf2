// Translations of the codes the pure logic returns (validation findings, YAML errors, form
// refusals, capture errors). One literal t() per code so extraction finds every string.
import type { usePluginTranslation } from '../../../shared/i18n/usePluginTranslation';
import type { Finding } from '../model/finding';
import type { PolicyFormReason } from '../model/policyForm';
import type { ResourceYamlError } from '../model/resourceYaml';
import type { CaptureError } from '../logic/nmpolicy/resolve';
import { getSettingsFindingMessage } from './settingsMessages';
import { getInterfaceKindMessage } from './interfaceKindMessages';

type P = Record<string, string | number>;
export type TFunction = ReturnType<typeof usePluginTranslation>['t'];

export const getFindingMessage = (t: TFunction, finding: Finding): string => {
  const p: P = finding.params ?? {};
  switch (finding.code) {
    case 'interface.name.required':
      return t('Interface name is required');
    case 'interface.name.tooLong':
      return t('Interface name "{{name}}" is longer than {{max}} characters (kernel limit)', p);
    case 'interface.name.invalidChars':
      return t('Interface name "{{name}}" must not contain "/", ":" or spaces', p);
    case 'interface.name.duplicate':
      return t('Interface "{{name}}" appears twice with the same type', p);
    case 'interface.state.invalid':
      return t('State "{{state}}" is not one of up, down, absent or ignore', p);
    case 'interface.type.missing':
      return t('Interface "{{name}}" has no type; nmstate must find it on the node', p);
    case 'interface.brEx':
      return t(
        'Changing br-ex ("{{name}}") is not supported on OpenShift and can cut the node off the cluster',
        p,
      );
    case 'interface.defaultRoute':
      return t(
        '"{{name}}" carries the default route on {{nodes}}: changing it is an unsupported day-2 operation on OpenShift',
        p,
      );
    case 'interface.mtu.invalid':
      return t('MTU {{mtu}} must be a whole number from {{min}} to {{max}}', p);
    case 'interface.mtu.tooSmallForIpv6':
      return t('MTU {{mtu}} is below {{min}}, the minimum for IPv6', p);
    case 'interface.mtu.exceedsParent':
      return p.nodes
        ? t('MTU {{mtu}} is above the MTU {{parentMtu}} of "{{parent}}" on {{nodes}}', p)
        : t('MTU {{mtu}} is above the MTU {{parentMtu}} of "{{parent}}"', p);
    case 'port.multipleControllers':
      return t('Port "{{port}}" is used by both "{{controller}}" and "{{other}}"', p);
    case 'port.notFound':
      return t('Port "{{port}}" of "{{controller}}" does not exist on {{nodes}}', p);
    case 'baseIface.notFound':
      return t('Base interface "{{base}}" of "{{name}}" does not exist on {{nodes}}', p);
    case 'ip.address.invalid':
      return t('"{{ip}}" is not a valid IP address', p);
    case 'ip.address.wrongFamily':
      return t('"{{ip}}" is not an IPv{{family}} address', p);
    case 'ip.prefix.invalid':
      return t('Prefix length "{{prefix}}" must be from 0 to {{max}}', p);
    case 'ip.address.duplicateInPolicy':
      return t('{{ip}} is also set on "{{other}}"', p);
    case 'ip.address.duplicateAcrossNodes':
      return t(
        'Static address {{ip}} would be set on every matched node ({{nodes}}); narrow the node selector to one node',
        p,
      );
    case 'ip.address.duplicateAcrossNodesIsolated':
      return t(
        'Static address {{ip}} is set on every matched node ({{nodes}}); "{{name}}" carries no traffic off the node, so each node keeps its own copy',
        p,
      );
    case 'ip.address.inUseOnNode':
      return t('{{ip}} is already in use on {{nodes}}', p);
    case 'policy.desiredState.templatedInterfaces':
      return t('The interfaces list comes from a capture; it is resolved per node');
    case 'policy.desiredState.empty':
      return t('The desired state is empty: this policy changes nothing');
    case 'policy.name.required':
      return t('Name is required');
    case 'policy.name.tooLong':
      return t('Name must be at most {{max}} characters (it is {{length}})', p);
    case 'policy.name.invalid':
      return t(
        'Name must be lowercase: letters, digits, "-" and ".", starting and ending with a letter or digit',
      );
    case 'policy.name.duplicate':
      return t('A policy named "{{name}}" already exists', p);
    case 'policy.capture.immutable':
      return t(
        'Captures cannot be changed after creation (the API server refuses it); delete and recreate the policy, or clone it under a new name',
      );
    case 'policy.update.inProgress':
      return t(
        'Policy "{{name}}" is still progressing: the API server refuses spec changes until every node has finished',
        p,
      );
    case 'policy.nodeSelector.invalid':
      return t('The node selector must be a map of label keys to values');
    case 'policy.nodeSelector.keyInvalid':
      return t('"{{key}}" is not a valid label key', p);
    case 'policy.nodeSelector.valueInvalid':
      return t('"{{value}}" is not a valid label value for "{{key}}"', p);
    case 'policy.nodeSelector.noMatch':
      return t('The node selector matches no node');
    case 'policy.maxUnavailable.invalid':
      return t('maxUnavailable "{{value}}" must be an integer or a string such as "25%"', p);
    case 'policy.maxUnavailable.fallback':
      return t(
        'maxUnavailable "{{value}}" is not a number or a percentage; the handler uses 50% instead',
        p,
      );
    case 'policy.maxUnavailable.atLeastOne':
      return t('maxUnavailable {{value}} is below 1; the handler uses 1', p);
    case 'policy.maxUnavailable.allNodes':
      return t('maxUnavailable {{value}} is over 100%; every node changes at once', p);
    case 'vlan.baseIface.required':
      return p.nodes
        ? t('"{{name}}" does not exist on {{nodes}}: a new VLAN needs a base interface', p)
        : t('A new VLAN needs a base interface');
    case 'vlan.id.invalid':
      return t('VLAN ID "{{id}}" must be from {{min}} to {{max}}', p);
    case 'bond.mode.required':
      return p.nodes
        ? t('"{{name}}" does not exist on {{nodes}}: a new bond needs a mode', p)
        : t('A new bond needs a mode');
    case 'bond.mode.invalid':
      return t('"{{mode}}" is not a bond mode', p);
    case 'bond.ports.empty':
      return t('This bond has no ports: it carries no traffic');
    case 'macvlan.baseIface.required':
      return t('A MAC-VLAN needs a base interface');
    case 'macvlan.mode.required':
      return t('A MAC-VLAN needs a mode');
    case 'macvlan.mode.invalid':
      return t('"{{mode}}" is not a MAC-VLAN mode', p);
    case 'bridge.port.vlan.modeInvalid':
      return t('Port VLAN mode "{{mode}}" must be access or trunk', p);
    case 'bridge.port.vlan.accessNeedsTag':
      return t('An access port needs a VLAN tag');
    case 'bridge.port.vlan.trunkNeedsTags':
      return t('A trunk port needs at least one trunk tag');
    case 'bridge.port.vlan.nativeNeedsTag':
      return t('A native VLAN needs a tag');
    case 'bridge.port.vlan.tagNeedsNative':
      return t('A trunk port can have a tag only as its native VLAN: turn on "enable-native"');
    case 'bridge.port.vlan.accessNative':
      return t('An access port cannot have "enable-native"');
    case 'bridge.port.vlan.accessTrunkTags':
      return t('An access port cannot have trunk tags');
    case 'bridge.port.vlan.trunkOverlap':
      return t('Trunk tag {{tag}} overlaps trunk tag {{other}}', p);
    case 'bridge.port.vlan.trunkRangeInvalid':
      return t('Trunk range {{min}}-{{max}} is not a valid VLAN range', p);
    case 'bridge.port.vlan.trunkTagInvalid':
      return t('A trunk tag needs an id or an id-range');
    case 'route.invalid':
      return t('A route must be an object');
    case 'route.destination.required':
      return t('A route needs a destination');
    case 'route.destination.invalid':
      return t('"{{destination}}" is not a valid destination (CIDR)', p);
    case 'route.defaultRoute':
      return t(
        'Changing the default route ({{destination}}) is an unsupported day-2 operation on OpenShift',
        p,
      );
    case 'route.nextHopAddress.invalid':
      return t('"{{address}}" is not a valid next-hop address', p);
    case 'route.familyMismatch':
      return t('Next hop {{address}} is not of the same IP family as {{destination}}', p);
    case 'route.nextHopInterface.notFound':
      return t('Next-hop interface "{{name}}" does not exist on {{nodes}}', p);
    case 'route.nextHopInterface.required':
      return t(
        'A route needs a next-hop interface (unless it is a blackhole, unreachable or prohibit route)',
      );
    case 'route.type.invalid':
      return t('Route type "{{type}}" is not one of blackhole, unreachable or prohibit', p);
    case 'route.typed.nextHop':
      return t('A {{type}} route cannot have a next hop', p);
    case 'route.metric.invalid':
      return t(
        'Metric "{{value}}" must be -1 (the default) or a whole number from 0 to 4294967295',
        p,
      );
    case 'route.tableId.invalid':
      return t('Table ID "{{value}}" must be a whole number from 0 to 4294967295', p);
    case 'interface.type.team':
      return t('"{{name}}": nmstate 2 has no team interfaces; use a bond', p);
    case 'nmstate.unknownField':
      return t('nmstate does not know the key "{{key}}" here', p);
    case 'nmstate.unknownField.suggest':
      return t('nmstate does not know the key "{{key}}" here: did you mean "{{suggestion}}"?', p);
    case 'dns.server.invalid':
      return t('"{{server}}" is not a valid DNS server address', p);
    case 'dns.server.tooMany':
      return t('{{count}} DNS servers: only the first {{max}} are used by the resolver', p);
    case 'dns.search.invalid':
      return t('"{{domain}}" is not a valid search domain', p);
    case 'capture.referenceUnknown':
      return t('The desired state uses capture "{{name}}", which is not defined', p);
    case 'server.cause':
      return t('The API server refused this: {{message}}', p);
    default:
      return (
        getSettingsFindingMessage(t, finding) ??
        getInterfaceKindMessage(t, finding.code, p) ??
        t('Finding {{code}}', { code: finding.code })
      );
  }
};

export const getFormReasonMessage = (
  t: TFunction,
  reason: PolicyFormReason,
  params: { path: string },
): string => {
  switch (reason) {
    case 'form.notAPolicy':
      return t('This document has no spec the form can edit; edit it as YAML.');
    case 'form.templatedValue':
      return t(
        '{{path}} is a capture template where the form expects a plain value, so this policy is edited as YAML.',
        params,
      );
    case 'form.unsupportedValue':
      return t(
        '{{path}} has a value the form cannot show without rewriting it, so this policy is edited as YAML.',
        params,
      );
  }
};

export const getYamlErrorMessage = (t: TFunction, error: ResourceYamlError): string => {
  const p: P = { ...error.params, line: error.line, column: error.column };
  switch (error.code) {
    case 'yaml.empty':
      return t('The document is empty');
    case 'yaml.tooLarge':
      return t('The document is too large ({{size}} bytes, at most {{max}})', p);
    case 'yaml.syntax':
      return t('YAML syntax error at line {{line}}, column {{column}}: {{message}}', p);
    case 'yaml.multipleDocuments':
      return t(
        'Line {{line}}, column {{column}}: only one document is allowed; remove the second one',
        p,
      );
    case 'yaml.aliasBomb':
      return t('Too many YAML aliases (more than {{max}})', p);
    case 'yaml.tooDeep':
      return t(
        'Line {{line}}, column {{column}}: too deeply nested (more than {{max}} levels); the editor does not go deeper',
        p,
      );
    case 'yaml.notAnObject':
      return t('Line {{line}}, column {{column}}: the document must be a mapping (an object)', p);
    case 'yaml.wrongKind':
      return t(
        'Line {{line}}, column {{column}}: kind is "{{actual}}"; this editor only saves a {{expected}}',
        p,
      );
    case 'yaml.wrongApiVersion':
      return t(
        'Line {{line}}, column {{column}}: apiVersion "{{actual}}" is not in the {{expected}} group',
        p,
      );
  }
};

export const getCaptureErrorMessage = (t: TFunction, error: CaptureError): string => {
  const p: P = { name: error.captureName ?? '', path: error.path ?? '' };
  switch (error.code) {
    case 'illegal-character':
    case 'invalid-number':
    case 'unterminated-string':
    case 'invalid-expression':
    case 'invalid-pipe':
    case 'invalid-equality-filter':
    case 'invalid-inequality-filter':
    case 'invalid-replace':
    case 'unsupported-operation':
      return t('Syntax error in capture "{{name}}"', p);
    case 'invalid-path':
    case 'bad-path':
    case 'invalid-value-path':
    case 'invalid-input-source':
    case 'type-mismatch':
      return t('Capture "{{name}}" uses a path that does not fit the node state', p);
    case 'unknown-capture':
      return t('Capture "{{name}}" refers to a capture that is not defined', p);
    case 'missing-capture-name':
      return t('Capture "{{name}}" refers to "capture." without a name', p);
    case 'capture-cycle':
      return t('Capture "{{name}}" is part of a reference cycle', p);
    case 'dependency-failed':
      return t('Capture "{{name}}" depends on a capture that failed', p);
    case 'no-match':
      return t('Capture "{{name}}" matches nothing on this node', p);
    case 'unknown-field':
    case 'invalid-value':
      return t('The desired state has a key or value nmstate does not accept');
    case 'invalid-template':
      return t('The template at desiredState.{{path}} cannot be resolved', p);
    case 'invalid-desired-state':
      return t('The desired state is not an object after substitution');
    default:
      return t('Capture could not be resolved');
  }
};

/**
 * The handler's condition reasons (kubernetes-nmstate api/shared: enactment and policy condition
 * reasons) in words; a reason this version does not know is shown as the cluster wrote it.
 */
export const getConditionReasonText = (t: TFunction, reason: string): string | undefined => {
  switch (reason) {
    case 'SuccessfullyConfigured':
      return t('Configured');
    case 'FailedToConfigure':
      return t('Failed to configure');
    case 'ConfigurationProgressing':
      return t('Configuring');
    case 'MaxUnavailableLimitReached':
      return t('Waiting: too many nodes unavailable');
    case 'ConfigurationAborted':
      return t('Aborted after another node failed');
    case 'NoMatchingNode':
      return t('No node matches');
    default:
      return undefined;
  }
};
