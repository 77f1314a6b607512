#!/bin/sh
set -eu
echo "deploying to ${1:-staging}"
