"""Reports, sanctions (bans and mutes), moderator actions and their audit log."""
