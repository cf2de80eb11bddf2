// Per-node preview lines for the settings the form's settings parts edit: what a node's route
// rules, hostname, LLDP, ethtool and SR-IOV would become. Data only; components word them.

export type SettingsPreviewLine =
  /** `rule` is the rule's keys as `key: value`, in route_rule.rs display order. */
  | { kind: 'routeRuleAdded' | 'routeRuleRemoved'; rule: string }
  | { kind: 'hostname'; key: 'config' | 'running'; before: string | null; after: string | null }
  | { kind: 'lldp'; iface: string; enabled: boolean }
  /** An ethtool feature, ring size or pause setting, `key` as in the YAML (`ring.rx`). */
  | { kind: 'ethtool'; iface: string; key: string; value: string }
  | { kind: 'sriovTotalVfs'; iface: string; before: number | null; after: number | null }
  | { kind: 'sriovVfs'; iface: string; count: number };
