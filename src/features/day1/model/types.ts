// Day-1 (install-time) network configuration: the nmstate documents the installers consume before
// a cluster exists, and the hosts they belong to. Findings are codes; the CLI and the console
// translate them. Positions are structural paths so the CLI can map them back to file ranges.
import type { FindingSeverity } from '../../policies/model/finding';

export type Path = (string | number)[];

/**
 * Every input kind the day-1 check understands. Upstream shapes:
 * - InstallConfig: openshift/installer pkg/types/installconfig.go + pkg/types/baremetal/platform.go
 *   (`platform.baremetal.hosts[].networkConfig`, `bootMACAddress`, `apiVIPs`, `ingressVIPs`).
 * - AgentConfig: openshift/installer pkg/types/agent/agent_config_type.go (`hosts[].interfaces[]`,
 *   `hosts[].networkConfig`, `rendezvousIP`).
 * - NMStateConfig: openshift/assisted-service api/v1beta1/nmstate_config_types.go.
 * - InfraEnv: openshift/assisted-service api/v1beta1/infraenv_types.go
 *   (`spec.nmStateConfigLabelSelector`); logic/infraEnvSelection.ts says how it selects.
 * - BareMetalHost / HardwareData / Secret: metal3-io/baremetal-operator
 *   apis/metal3.io/v1alpha1/baremetalhost_types.go (`preprovisioningNetworkDataName`).
 */
export type Day1Kind =
  | 'InstallConfig'
  | 'AgentConfig'
  | 'NMStateConfig'
  | 'InfraEnv'
  | 'BareMetalHost'
  | 'HardwareData'
  | 'Secret'
  | 'NodeNetworkConfigurationPolicy'
  | 'HostNetworkAttachment'
  | 'BareMetalSwitch';

/** One parsed object (a document, or an item of a List) handed to the day-1 check. */
export interface Day1Input {
  obj: Record<string, unknown>;
  /**
   * Which cluster the input belongs to (the CLI uses the directory of the install-config or
   * agent-config above it). Inputs of different clusters are never compared: two clusters may
   * reuse addresses, and one cluster's networking says nothing about another's hosts.
   */
  cluster?: string;
}

/** Where something sits: an input, a path in it, and optionally a path inside YAML text there. */
export interface Day1Location {
  input: number;
  at: Path;
  /** Set when `at` holds nmstate as YAML text (Secret `stringData`): the path inside that text. */
  inner?: Path;
  /** 1-based line and column inside that text, for YAML syntax errors there. */
  innerPosition?: { line: number; column: number };
}

/** An nmstate document of a host, with where it was found. */
export interface Day1State {
  /** Where the nmstate document itself is; `text` says whether it is a string to parse. */
  location: Day1Location;
  /** 'object' inline YAML; 'text' a YAML string (Secret stringData); 'base64' Secret `data`. */
  encoding: 'object' | 'text' | 'base64';
  /** The parsed nmstate document (undefined when it could not be parsed). */
  value: unknown;
  /** Secret contents must never be printed: findings on it carry no content params. */
  sensitive: boolean;
  /** Kind of the object the state comes from. */
  kind: Day1Kind;
}

export interface Day1Mac {
  mac: string;
  /** The interface name the MAC belongs to, when the source says. */
  name?: string;
  location: Day1Location;
}

/** A physical host as the inputs describe it, possibly merged from several objects. */
export interface Day1Host {
  name: string;
  role?: string;
  /** The object that defines the host (first one when merged). */
  location: Day1Location;
  kinds: Day1Kind[];
  states: Day1State[];
  macs: Day1Mac[];
  /** Interface names the host has; `complete` when they come from inspection (every NIC). */
  nics?: { names: string[]; complete: boolean };
  /** The BareMetalHost input index, when one belongs to this host. */
  bareMetalHost?: number;
  /** The HardwareData input index, when one belongs to this host's BareMetalHost. */
  hardwareData?: number;
  /**
   * Set when InfraEnvs are among the inputs and the host's record comes from a selected
   * NMStateConfig or a BareMetalHost bound to an InfraEnv: the InfraEnv inputs whose discovery
   * image the host may boot. Hosts whose lists do not meet never boot the same image.
   */
  infraEnvs?: number[];
}

export type Day1Code =
  | 'day1.state.notObject'
  | 'day1.state.yamlSyntax'
  | 'day1.secret.base64Invalid'
  | 'day1.secret.noNmstateKey'
  | 'day1.secret.notFound'
  | 'day1.nmstateConfig.interfacesRequired'
  | 'day1.nmstateConfig.interfaceNotUnique'
  | 'day1.nmstateConfig.notSelected'
  | 'day1.nmstateConfig.otherNamespace'
  | 'day1.nmstateConfig.macClaimedTwice'
  | 'day1.infraEnv.notFound'
  | 'day1.infraEnv.selector.notObject'
  | 'day1.infraEnv.selector.operatorInvalid'
  | 'day1.infraEnv.selector.valuesRequired'
  | 'day1.infraEnv.selector.valuesForbidden'
  | 'day1.infraEnv.selector.keyInvalid'
  | 'day1.infraEnv.selector.valueInvalid'
  | 'day1.mac.invalid'
  | 'day1.mac.duplicate'
  | 'day1.address.duplicate'
  | 'day1.address.inClusterNetwork'
  | 'day1.address.inServiceNetwork'
  | 'day1.address.isVip'
  | 'day1.host.noAddressInMachineNetwork'
  | 'day1.vip.invalid'
  | 'day1.vip.outsideMachineNetwork'
  | 'day1.network.cidrInvalid'
  | 'day1.rendezvousIP.notAssigned'
  | 'day1.rendezvousIP.onWorker'
  | 'day1.vlan.notAllowedOnPort'
  | 'day1.vlan.nativeTagged';

export interface Day1Finding {
  severity: FindingSeverity;
  /** A Day1Code, or a code of the policy validator whose checks are reused on the nmstate. */
  code: string;
  location: Day1Location;
  params?: Record<string, string | number>;
  /** The finding concerns Secret contents: its params were reduced to non-content values. */
  redacted?: boolean;
  /** The host the finding is about, when it is about one. */
  host?: string;
}

export interface Day1Result {
  hosts: Day1Host[];
  findings: Day1Finding[];
  /** Inputs the check took as day-1 inputs, by index, with their kind. */
  kinds: Map<number, Day1Kind>;
}
