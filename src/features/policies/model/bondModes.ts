// Linux bond modes by name, in the kernel's numbering (0 balance-rr ... 6 balance-alb): nmstate
// accepts the numbers as aliases in that order (rust/src/lib/ifaces/bond.rs, BondMode).
export const BOND_MODES = [
  'balance-rr',
  'active-backup',
  'balance-xor',
  'broadcast',
  '802.3ad',
  'balance-tlb',
  'balance-alb',
] as const;
