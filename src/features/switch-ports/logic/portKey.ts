/** Key of a switch port shared by the VLAN check and the topology's LLDP port nodes. */
export function switchPortKey(chassisId: string, portId: string): string {
  return `${chassisId.toLowerCase()}/${portId}`;
}
