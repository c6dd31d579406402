// Being built in issue #3; replaced by the feature module.
export default function Pending() {
  return null;
}
