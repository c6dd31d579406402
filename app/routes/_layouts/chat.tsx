import { Outlet } from "react-router";
import { EntryWarning } from "~/components/entry-warning/EntryWarning";
import { useRootData } from "~/root";

/** spec §2 chat layout: bare, full height, with the entry warning for NL and DE only. */
export default function ChatLayout() {
  const data = useRootData();
  return (
    <div className="layout layout--chat">
      <Outlet />
      {data && <EntryWarning data={data} layout="chat" loggedIn={data.user !== null} />}
    </div>
  );
}
