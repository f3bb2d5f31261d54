// Staff users (admin, product §11.10): the list with roles, enrolment and whether the account is
// disabled; a new user (e-mail, name, roles) gets a one-time link to set the password, which the admin
// copies and passes on; roles change, accounts are disabled and enabled, and a new link replaces the
// old one. The server checks every change (an admin cannot lock themselves out).

import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { issueCode, type IssueCode } from '../../contracts/issues';
import { CreateStaffRequestSchema, STAFF_ROLES, type StaffRole, type StaffUser } from '../../contracts/staff';
import { readStaffFailure } from '../services/failure';
import { staffKeys, staffUsersQuery } from '../services/queries';
import { createStaffUser, newPasswordLink, updateStaffUser } from '../services/users';
import { Field, focusFirstInvalid } from './field';
import { useFormat } from './format';
import { FailureNote, Loading, PageHeading, useDocumentTitle } from './page';
import { useMe, useStaffServices } from './staff-context';
import { issueText, roleText } from './texts';

interface IssuedLink {
  readonly name: string;
  readonly link: string;
}

function RoleBoxes({ legend, roles, onChange }: { legend: string; roles: readonly StaffRole[]; onChange: (roles: StaffRole[]) => void }) {
  const { i18n } = useLingui();
  return (
    <fieldset className="roles">
      <legend>{legend}</legend>
      {STAFF_ROLES.map((role) => (
        <label key={role} className="checkbox">
          <input
            type="checkbox"
            checked={roles.includes(role)}
            onChange={(event) => onChange(event.target.checked ? [...roles, role] : roles.filter((r) => r !== role))}
          />{' '}
          {roleText(i18n, role)}
        </label>
      ))}
    </fieldset>
  );
}

/** The one-time link to pass on, with a copy button. */
function LinkPanel({ issued }: { issued: IssuedLink }) {
  const { i18n } = useLingui();
  const id = useId();
  const [copied, setCopied] = useState(false);
  const name = issued.name;
  return (
    <div className="issued-link" role="status">
      <label htmlFor={id}>{i18n._(msg`One-time link for ${name} to set the password`)}</label>
      <input id={id} readOnly value={issued.link} onFocus={(event) => event.currentTarget.select()} />
      <button
        type="button"
        onClick={() =>
          void navigator.clipboard?.writeText(issued.link).then(
            () => setCopied(true),
            () => setCopied(false),
          )
        }
      >
        {i18n._(msg`Copy the link`)}
      </button>
      <p className="hint">{copied ? i18n._(msg`Copied.`) : i18n._(msg`Pass it on yourself; it works once. It is not shown again.`)}</p>
    </div>
  );
}

function CreateUser({ onIssued }: { onIssued: (issued: IssuedLink) => void }) {
  const { i18n } = useLingui();
  const { client, queryClient } = useStaffServices();
  const form = useRef<HTMLFormElement>(null);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [roles, setRoles] = useState<StaffRole[]>([]);
  const [issues, setIssues] = useState<Partial<Record<'email' | 'name' | 'roles', IssueCode>>>({});
  const create = useMutation({
    mutationFn: (request: { email: string; name: string; roles: StaffRole[] }) => createStaffUser(client, request),
    onSuccess: (answer) => {
      onIssued({ name: answer.user.name, link: answer.setPasswordLink });
      setEmail('');
      setName('');
      setRoles([]);
      void queryClient.invalidateQueries({ queryKey: staffKeys.users });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CreateStaffRequestSchema.safeParse({ email: email.trim(), name, roles });
    if (!parsed.success) {
      const found: Partial<Record<'email' | 'name' | 'roles', IssueCode>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as 'email' | 'name' | 'roles';
        found[field] ??= issueCode(issue);
      }
      setIssues(found);
      requestAnimationFrame(() => focusFirstInvalid(form.current));
      return;
    }
    setIssues({});
    create.mutate(parsed.data);
  };
  return (
    <section aria-labelledby="create-heading" className="create-user">
      <h2 id="create-heading">{i18n._(msg`New staff user`)}</h2>
      <form ref={form} noValidate onSubmit={submit}>
        {create.isError && <FailureNote failure={readStaffFailure(create.error)} />}
        <Field
          label={i18n._(msg`E-mail address`)}
          type="email"
          autoComplete="off"
          value={email}
          onValue={setEmail}
          problem={issues.email ? issueText(i18n, issues.email) : null}
        />
        <Field
          label={i18n._(msg`Name`)}
          autoComplete="off"
          value={name}
          onValue={setName}
          problem={issues.name ? issueText(i18n, issues.name) : null}
        />
        <RoleBoxes legend={i18n._(msg`Roles`)} roles={roles} onChange={setRoles} />
        {issues.roles && (
          <p className="problem" role="alert">
            {i18n._(msg`Choose at least one role.`)}
          </p>
        )}
        <button type="submit" disabled={create.isPending}>
          {create.isPending ? i18n._(msg`Creating…`) : i18n._(msg`Create and get the link`)}
        </button>
      </form>
    </section>
  );
}

function UserRow({ user, onIssued }: { user: StaffUser; onIssued: (issued: IssuedLink) => void }) {
  const { i18n } = useLingui();
  const { client, queryClient } = useStaffServices();
  const me = useMe();
  const format = useFormat();
  const [roles, setRoles] = useState<StaffRole[]>(user.roles);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: staffKeys.users });
  const update = useMutation({
    mutationFn: (change: { roles?: StaffRole[]; disabled?: boolean }) => updateStaffUser(client, user.id, change),
    onSuccess: (updated) => {
      setRoles(updated.roles);
      refresh();
    },
  });
  const link = useMutation({
    mutationFn: () => newPasswordLink(client, user.id),
    onSuccess: (setPasswordLink) => onIssued({ name: user.name, link: setPasswordLink }),
  });
  const changed = roles.length !== user.roles.length || roles.some((role) => !user.roles.includes(role));
  const failure = update.error ?? link.error;
  const own = me?.id === user.id;
  const name = user.name;
  const since = format.date(user.createdAt);
  return (
    <li className="user" data-disabled={user.disabled || undefined}>
      <h3>
        {user.name} {own && <span className="hint">{i18n._(msg`(you)`)}</span>}
      </h3>
      <p>
        {user.email} · {i18n._(msg`since ${since}`)} ·{' '}
        {user.disabled
          ? i18n._(msg`disabled`)
          : user.enrolled
            ? i18n._(msg`signs in with the authenticator app`)
            : i18n._(msg`has not signed in yet`)}
      </p>
      {failure && <FailureNote failure={readStaffFailure(failure)} />}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (roles.length > 0) update.mutate({ roles });
        }}
      >
        <RoleBoxes legend={i18n._(msg`Roles of ${name}`)} roles={roles} onChange={setRoles} />
        <div className="actions">
          <button type="submit" disabled={!changed || roles.length === 0 || update.isPending}>
            {i18n._(msg`Save the roles`)}
          </button>
          <button
            type="button"
            className="secondary"
            disabled={update.isPending}
            onClick={() => update.mutate({ disabled: !user.disabled })}
          >
            {user.disabled ? i18n._(msg`Enable ${name}`) : i18n._(msg`Disable ${name}`)}
          </button>
          <button type="button" className="secondary" disabled={link.isPending} onClick={() => link.mutate()}>
            {i18n._(msg`New password link for ${name}`)}
          </button>
        </div>
      </form>
    </li>
  );
}

export function UsersScreen() {
  const { i18n } = useLingui();
  const { client } = useStaffServices();
  const users = useQuery(staffUsersQuery(client));
  const [issued, setIssued] = useState<IssuedLink | null>(null);
  useDocumentTitle(msg`Staff users`);
  return (
    <div className="users">
      <PageHeading>{i18n._(msg`Staff users`)}</PageHeading>
      {issued && <LinkPanel key={issued.link} issued={issued} />}
      <CreateUser onIssued={setIssued} />
      <section aria-labelledby="users-heading">
        <h2 id="users-heading">{i18n._(msg`All staff users`)}</h2>
        {users.isPending && <Loading />}
        {users.isError && <FailureNote failure={readStaffFailure(users.error)} onRetry={() => void users.refetch()} />}
        {users.isSuccess && (
          <ul className="user-list">
            {users.data.map((user) => (
              <UserRow key={`${user.id}-${user.roles.join()}`} user={user} onIssued={setIssued} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
