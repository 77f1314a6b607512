#!/bin/sh
# Lists merged pull requests since the last tag.
git log --merges --oneline "$(git describe --tags --abbrev=0)..HEAD"
