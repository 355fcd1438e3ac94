# Put first on PYTHONPATH to test a script on a machine without matplotlib.
raise ImportError("matplotlib is hidden for this test")
