import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LogOut, Package, Store, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { useLogOut } from '../lib/use-log-out.ts';

const itemClass = 'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 text-sm text-ink outline-none data-[highlighted]:bg-sand';

/** Spec §2: the signed-in shopper's menu in the navbar: Profile, My Orders, Logout (and for the owner, Store admin). Loaded once signed in. */
export default function UserMenu({ email, isAdmin = false }: { email: string; isAdmin?: boolean }) {
  const logOut = useLogOut();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label="Your account"
        className="grid size-11 place-items-center rounded-full text-wine hover:bg-sand data-[state=open]:bg-sand"
      >
        <UserRound className="size-[1.35rem]" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-56 rounded-xl border border-line bg-ivory p-1.5 shadow-xl">
          <DropdownMenu.Label className="truncate px-3 py-2 text-xs text-muted">{email}</DropdownMenu.Label>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/profile">
              <UserRound className="size-4 text-gold" aria-hidden="true" /> Profile
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild className={itemClass}>
            <Link to="/orders">
              <Package className="size-4 text-gold" aria-hidden="true" /> My Orders
            </Link>
          </DropdownMenu.Item>
          {isAdmin && (
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to="/admin">
                <Store className="size-4 text-gold" aria-hidden="true" /> Store admin
              </Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item className={itemClass} onSelect={() => void logOut()}>
            <LogOut className="size-4 text-gold" aria-hidden="true" /> Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
