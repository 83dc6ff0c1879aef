/*
 * sso: the central authentication service (spec 1). One file per area.
 */
import '#start/routes/sso/accounts'
import '#start/routes/sso/authorize'
import '#start/routes/sso/tokens'
import '#start/routes/sso/external'
import '#start/routes/sso/admin'
import '#start/routes/sso/design_system'
