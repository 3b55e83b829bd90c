"""Aliens: Another Glorious Day in the Corps (Gale Force Nine) with the Hive player expansion."""
