import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Every sso instance keeps the answers of POST /api/apps/validate-token in
 * memory (app/services/sso/validation_cache.ts). Whatever changes a person,
 * a connected app or a signing key (a request on any instance, a command, a
 * hand-written UPDATE) notifies the channel `sso_validation` when its
 * transaction commits, and every instance forgets what the change touched.
 * Payloads: `user:<id>`, `apps`, `keys`.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(`
      create function sso_notify_user_change() returns trigger language plpgsql as $$
      begin
        perform pg_notify('sso_validation', 'user:' || coalesce(new.id, old.id));
        return null;
      end $$;

      create function sso_notify_validation_change() returns trigger language plpgsql as $$
      begin
        perform pg_notify('sso_validation', tg_argv[0]);
        return null;
      end $$;

      create trigger users_notify_validation
        after update or delete on users
        for each row execute function sso_notify_user_change();

      create trigger connected_apps_notify_validation
        after insert or update or delete or truncate on connected_apps
        for each statement execute function sso_notify_validation_change('apps');

      create trigger signing_keys_notify_validation
        after insert or update or delete or truncate on signing_keys
        for each statement execute function sso_notify_validation_change('keys');

      create trigger users_truncate_notify_validation
        after truncate on users
        for each statement execute function sso_notify_validation_change('users');
    `)
  }

  async down() {
    this.schema.raw(`
      drop trigger users_truncate_notify_validation on users;
      drop trigger signing_keys_notify_validation on signing_keys;
      drop trigger connected_apps_notify_validation on connected_apps;
      drop trigger users_notify_validation on users;
      drop function sso_notify_validation_change();
      drop function sso_notify_user_change();
    `)
  }
}
