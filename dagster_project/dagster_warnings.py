"""Dagster warns on every load about preview and beta APIs the project uses deliberately
(partitioned asset checks, pools, automation conditions). Only those two categories are silenced;
imported before the assets are defined, so the filters are in place when the warnings fire."""

import warnings

from dagster import BetaWarning, PreviewWarning

warnings.filterwarnings("ignore", category=PreviewWarning)
warnings.filterwarnings("ignore", category=BetaWarning)
