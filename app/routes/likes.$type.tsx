// Being built (issues #4/#5); replaced by the feature module.
export default function Pending() {
  return null;
}
